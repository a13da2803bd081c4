import type { CourseArea, Modality } from "@app/shared/enums";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export interface CatalogCourse {
  id: string;
  name: string;
  description: string | null;
  area: CourseArea | null;
  modality: Modality | null;
  durationMonths: number;
  price: number;
  createdAt: string;
}

/** Active courses, newest first (the server filters and orders). */
export const catalogQuery = queryOptions({
  queryKey: ["courses", "catalog"],
  queryFn: ({ signal }) => api<CatalogCourse[]>("/courses/catalog", { signal }),
});
