import type { CourseInput, courseSchema } from "@app/shared/schemas/catalog";
import type { z } from "@app/shared/zod";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { forgetCatalog } from "./catalog";

export type Course = z.infer<typeof courseSchema>;

export const coursesQuery = queryOptions({
  queryKey: ["courses", "all"],
  queryFn: ({ signal }) => api<Course[]>("/courses", { signal }),
});

/** After a change: the staff lists refresh, and the public catalogue is read anew when next shown. */
function refreshCourses(client: ReturnType<typeof useQueryClient>) {
  forgetCatalog();
  return client.invalidateQueries({ queryKey: ["courses"] });
}

/** Create (no id) or update a course; the lists refresh afterwards. */
export function useSaveCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CourseInput }) =>
      api<Course>(id ? `/courses/${id}` : "/courses", { method: id ? "PUT" : "POST", body: input }),
    onSuccess: () => refreshCourses(client),
  });
}

export function useDeleteCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/courses/${id}`, { method: "DELETE" }),
    onSuccess: () => refreshCourses(client),
  });
}
