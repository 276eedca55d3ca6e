// The stand-in's sense of time: token expiry, the rules' `now` and ServerValue.TIMESTAMP all read it, so a test can
// move it instead of waiting for a token to expire on the wall clock.
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout | undefined),
};
