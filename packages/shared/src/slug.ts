/**
 * The address of a course's public page (`/cursos/{slug}`, decision 093): its name in lower case, accents
 * folded, every run of other characters one hyphen. A name with no letter or digit gives 'curso'.
 */
export const SLUG_MAX = 80;

export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, "");
  return slug || "curso";
}

/** `base`, else `base-2`, `base-3`… : the first that `taken` does not hold (kept within SLUG_MAX). */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
