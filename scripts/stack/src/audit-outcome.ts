// The exit code of a check that ran but could not check anything on this machine (e.g. the dependency audit with
// the registry's advisory endpoint unreachable): `pnpm test` shows it as NOT CHECKED rather than passed or failed.
export const NOT_CHECKED_EXIT = 3;
