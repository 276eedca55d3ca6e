// A line diff for the plan (rules files are small): unified-style lines with two lines of context around changes.

/** `- old` / `+ new` / `  same` lines, with unchanged stretches beyond `context` lines folded into one "…" line. */
export function lineDiff(before: string, after: string, context = 2): string[] {
  const a = before.replace(/\n$/, "").split("\n");
  const b = after.replace(/\n$/, "").split("\n");
  // Longest common subsequence lengths of every pair of suffixes, so the walk below can go forward.
  const width = b.length + 1;
  const lcs = new Int32Array((a.length + 1) * width);
  const at = (i: number, j: number) => lcs[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i * width + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const lines: Array<{ mark: " " | "-" | "+"; text: string }> = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ mark: " ", text: a[i] ?? "" });
      i += 1;
      j += 1;
    } else if (i < a.length && (j >= b.length || at(i + 1, j) >= at(i, j + 1))) {
      // Removed lines before added ones, as diffs are read.
      lines.push({ mark: "-", text: a[i] ?? "" });
      i += 1;
    } else {
      lines.push({ mark: "+", text: b[j] ?? "" });
      j += 1;
    }
  }
  const out: string[] = [];
  lines.forEach((line, index) => {
    const near = lines.slice(Math.max(0, index - context), index + context + 1).some((other) => other.mark !== " ");
    if (near) out.push(`${line.mark} ${line.text}`);
    else if (out.at(-1) !== "  …") out.push("  …");
  });
  return out;
}
