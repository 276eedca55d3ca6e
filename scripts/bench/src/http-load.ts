// Throughput and latency under autocannon (closed loop: each connection sends its next request when the last one is
// answered). Targets compared with each other are measured in turns (A B C A B C …) and each figure is the median of
// its turns, so a noisy moment on a shared machine does not land on one target only.
import autocannon from "autocannon";

export interface LoadTarget {
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** The status every answer must have (200 unless revalidating). */
  status?: number;
}

export interface LoadResult {
  label: string;
  connections: number;
  /** Median of the turns, and the lowest and highest turn. */
  requestsPerSecond: number;
  range: [number, number];
  /** Requests answered during all measured turns. */
  total: number;
  /** Medians of the turns' latency percentiles, in ms. */
  p50: number;
  p99: number;
  /** Bytes per response as sent, headers included (the body compressed when the request asked for it). */
  bytesPerResponse: number;
  /**
   * The server's CPU time per answered request, in µs, over all turns: what each answer costs, which other work on a
   * shared machine disturbs far less than requests per second.
   */
  cpuMicrosPerRequest: number;
  /** Connection errors, timeouts and answers with another status than expected, over all turns. */
  errors: number;
}

interface Turn {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  bytes: number;
  cpuMs: number;
  errors: number;
}

/** The server's CPU time so far, in ms. */
export type CpuClock = () => number;

async function turn(target: LoadTarget, connections: number, seconds: number, cpu: CpuClock): Promise<Turn> {
  const cpuBefore = cpu();
  const result = await autocannon({ url: target.url, headers: target.headers ?? {}, connections, duration: seconds });
  const cpuMs = cpu() - cpuBefore;
  const statusCounts = result.statusCodeStats as unknown as Record<string, { count: number }>;
  const answered = Object.values(statusCounts).reduce((sum, { count }) => sum + count, 0);
  const unexpected = answered - (statusCounts[String(target.status ?? 200)]?.count ?? 0);
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.total,
    cpuMs,
    errors: result.errors + result.timeouts + unexpected,
  };
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Warms each target up (2 s), then measures them in `turns` rounds of `seconds` each. */
export async function loadInTurns(
  targets: LoadTarget[],
  connections: number,
  options: { turns: number; seconds: number; cpu: CpuClock },
): Promise<LoadResult[]> {
  for (const target of targets) await turn(target, connections, 2, options.cpu);
  const turns = targets.map((): Turn[] => []);
  for (let round = 0; round < options.turns; round++) {
    for (const [index, target] of targets.entries())
      turns[index]?.push(await turn(target, connections, options.seconds, options.cpu));
  }
  return targets.map((target, index) => {
    const measured = turns[index] ?? [];
    const total = measured.reduce((sum, each) => sum + each.total, 0);
    const rates = measured.map((each) => each.requestsPerSecond);
    return {
      label: target.label,
      connections,
      requestsPerSecond: median(rates),
      range: [Math.min(...rates), Math.max(...rates)],
      total,
      p50: median(measured.map((each) => each.p50)),
      p99: median(measured.map((each) => each.p99)),
      bytesPerResponse: total > 0 ? measured.reduce((sum, each) => sum + each.bytes, 0) / total : 0,
      cpuMicrosPerRequest: total > 0 ? (measured.reduce((sum, each) => sum + each.cpuMs, 0) * 1000) / total : 0,
      errors: measured.reduce((sum, each) => sum + each.errors, 0),
    };
  });
}
