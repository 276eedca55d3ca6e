// Shared shapes for the emulator harness: every emulator starter returns a RunningEmulator.

export interface EmulatorStartOptions {
  host: string;
  port: number;
  projectId: string;
  /** Absolute path of the repository root (rules files, firebase.json live there). */
  rootDir: string;
  /** Where to write the emulator's own output (one log file per emulator). */
  logDir: string;
}

export interface RunningEmulator {
  /** Human name, e.g. "Firestore". */
  name: string;
  host: string;
  port: number;
  /** What runs and where it came from, e.g. "official emulator JAR /usr/lib/... (Java 17)". */
  source: string;
  /** Stops the emulator and everything it spawned; safe to call twice. */
  stop(): Promise<void>;
}
