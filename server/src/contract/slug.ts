// Turns a name into a stable, plain id ("José Ángel" → "jose-angel"): member ids that RSVP answers attach to (so
// reordering or re-running the guest list never mixes people up), and calendar file names and UIDs. Zod-free: the
// page imports it.

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Slugs for a list of names, unique within the list (`ana`, `ana-2`), never empty. */
export function uniqueSlugs(names: readonly string[], fallback: string): string[] {
  const used = new Set<string>();
  return names.map((name, index) => {
    const base = slugify(name) || `${fallback}-${index + 1}`;
    let candidate = base;
    for (let suffix = 2; used.has(candidate); suffix += 1) candidate = `${base}-${suffix}`;
    used.add(candidate);
    return candidate;
  });
}
