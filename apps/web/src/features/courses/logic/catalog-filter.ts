import { normaliseForSearch as normalise } from "../../../lib/search";
import type { CatalogCourse } from "../api/catalog";

export const ALL_AREAS = "Todos";

/** The catalogue's search (name or description) and area filter. */
export function filterCatalog(courses: CatalogCourse[], search: string, area: string): CatalogCourse[] {
  const needle = normalise(search.trim());
  return courses.filter(
    (c) =>
      (area === ALL_AREAS || c.area === area) &&
      (!needle || normalise(c.name).includes(needle) || normalise(c.description ?? "").includes(needle)),
  );
}

/** The distinct areas present, in first-seen order. */
export function areasOf(courses: CatalogCourse[]): string[] {
  return [...new Set(courses.map((c) => c.area).filter((a): a is NonNullable<typeof a> => Boolean(a)))];
}
