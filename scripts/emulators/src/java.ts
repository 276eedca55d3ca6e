// Finds Java for the JAR emulators and says how to get it when it is missing or too old.
import { spawnSync } from "node:child_process";

export interface JavaRuntime {
  command: string;
  majorVersion: number;
}

export function findJava(minimumMajor: number, forWhat: string): JavaRuntime {
  const command = process.env.JAVA ?? (process.env.JAVA_HOME ? `${process.env.JAVA_HOME}/bin/java` : "java");
  const result = spawnSync(command, ["-version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) {
    throw new Error(
      `${forWhat} needs Java ${minimumMajor} or newer, but \`${command} -version\` failed (${result.error?.message ?? result.stderr.trim()}). ` +
        "Install a JRE (Debian/Ubuntu: `sudo apt-get install -y openjdk-17-jre-headless`) or set JAVA_HOME.",
    );
  }
  const match = /version "(\d+)(?:\.(\d+))?/.exec(result.stderr);
  const first = Number(match?.[1] ?? 0);
  const majorVersion = first === 1 ? Number(match?.[2] ?? 0) : first;
  if (majorVersion < minimumMajor) {
    throw new Error(
      `${forWhat} needs Java ${minimumMajor} or newer; \`${command}\` is Java ${majorVersion}. Install a newer JRE or set JAVA_HOME.`,
    );
  }
  return { command, majorVersion };
}
