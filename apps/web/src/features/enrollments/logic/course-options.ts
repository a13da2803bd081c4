import type { CatalogCourse } from "../../courses/api/catalog";

const byName = new Intl.Collator("pt", { sensitivity: "base", numeric: true });

/** The enrolment form's course choices by name, the Portuguese way ('Ética' right after 'Design'). */
export function courseOptions(courses: readonly Pick<CatalogCourse, "id" | "name">[]) {
  return courses.map((c) => ({ value: c.id, label: c.name })).sort((a, b) => byName.compare(a.label, b.label));
}
