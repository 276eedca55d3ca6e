// The one kind of failure a seed command reports to the couple: a list of problems, each saying where, what is
// wrong and what right looks like. The CLI prints them all and exits non-zero; nothing has been written.

export interface Problem {
  /** Where to look, e.g. `boda.yaml:87:12 events[2].start` or `invitados.csv row 4, column "seats"`. */
  where: string;
  message: string;
  /** What right looks like, e.g. `start: "2027-06-12T17:30"`. */
  example?: string;
}

export class CommandError extends Error {
  readonly problems: Problem[];

  constructor(summary: string, problems: Problem[] = []) {
    super([summary, ...formatProblems(problems)].join("\n"));
    this.name = "CommandError";
    this.problems = problems;
  }
}

export function formatProblems(problems: readonly Problem[]): string[] {
  return problems.flatMap((problem) => [
    `  ✗ ${problem.where}`,
    `      ${problem.message}`,
    ...(problem.example ? [`      e.g. ${problem.example}`] : []),
  ]);
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
