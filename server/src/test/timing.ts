// Whether two kinds of request take measurably different times, the way timing-leak detectors (dudect) ask it:
// measure both kinds interleaved in random order, so machine noise falls on both alike, drop the slow tail (pauses
// of the machine, not of the code), and compare the means with Welch's t-test. |t| above 4.5 means "different" with
// overwhelming confidence; below it, no difference the measurement can see.

export const TIMING_LEAK_T = 4.5;

export interface TimingComparison {
  t: number;
  medianMicros: [number, number];
  samples: number;
}

/** Runs `first` and `second` `rounds` times each, interleaved in random order, and compares their times. */
export async function compareTimings(
  first: () => Promise<unknown>,
  second: () => Promise<unknown>,
  rounds: number,
): Promise<TimingComparison> {
  const times: [number[], number[]] = [[], []];
  const kinds = [first, second] as const;
  for (let round = 0; round < rounds; round += 1) {
    const order = Math.random() < 0.5 ? [0, 1] : [1, 0];
    for (const kind of order as Array<0 | 1>) {
      const started = process.hrtime.bigint();
      await kinds[kind]();
      times[kind].push(Number(process.hrtime.bigint() - started) / 1000);
    }
  }
  // The slowest tenth of all samples is where garbage collection and other processes land; keep the rest.
  const cutoff = percentile([...times[0], ...times[1]], 0.9);
  const [a, b] = times.map((samples) => samples.filter((micros) => micros <= cutoff)) as [number[], number[]];
  return { t: welchT(a, b), medianMicros: [percentile(a, 0.5), percentile(b, 0.5)], samples: a.length + b.length };
}

function percentile(samples: number[], fraction: number): number {
  const sorted = samples.toSorted((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

function welchT(a: number[], b: number[]): number {
  const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const variance = (xs: number[], m: number) => xs.reduce((sum, x) => sum + (x - m) ** 2, 0) / (xs.length - 1);
  const [ma, mb] = [mean(a), mean(b)];
  return (ma - mb) / Math.sqrt(variance(a, ma) / a.length + variance(b, mb) / b.length);
}
