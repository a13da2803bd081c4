import { courseEndpoints } from "@app/shared/contract/courses";
import type { CourseInput } from "@app/shared/schemas/catalog";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";
import { forgetCatalog } from "./catalog";

export type Course = AnswerOf<typeof courseEndpoints.update>;

export const coursesQuery = queryOptions({
  queryKey: ["courses", "all"],
  queryFn: ({ signal }) => api(courseEndpoints.list, { signal }),
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
      id ? api(courseEndpoints.update, { params: { id }, body: input }) : api(courseEndpoints.create, { body: input }),
    onSuccess: () => refreshCourses(client),
  });
}

export function useDeleteCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(courseEndpoints.remove, { params: { id } }),
    onSuccess: () => refreshCourses(client),
  });
}
