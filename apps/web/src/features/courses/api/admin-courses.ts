import type { CourseArea, CourseStatus, Modality } from "@app/shared/enums";
import type { CourseInput } from "@app/shared/schemas/catalog";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export interface Course {
  id: string;
  name: string;
  description: string | null;
  area: CourseArea | null;
  modality: Modality | null;
  durationMonths: number;
  price: number;
  status: CourseStatus;
  featured: boolean;
  createdAt: string;
}

export const coursesQuery = queryOptions({
  queryKey: ["courses", "all"],
  queryFn: ({ signal }) => api<Course[]>("/courses", { signal }),
});

/** Create (no id) or update a course; the lists refresh afterwards. */
export function useSaveCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CourseInput }) =>
      api<Course>(id ? `/courses/${id}` : "/courses", { method: id ? "PUT" : "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["courses"] }),
  });
}

export function useDeleteCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/courses/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["courses"] }),
  });
}
