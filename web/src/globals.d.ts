// Values the build puts into the code (vite.config.ts `define`).

/** Names this build, to tell a cached copy of the page and its stored data from a new deploy. */
declare const __APP_VERSION__: string;
