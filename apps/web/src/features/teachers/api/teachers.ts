import { teacherEndpoints } from "@app/shared/contract/teachers";
import type { TeacherInput } from "@app/shared/schemas/catalog";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";

export type Teacher = AnswerOf<typeof teacherEndpoints.update>;

export const teachersQuery = queryOptions({
  queryKey: ["teachers"],
  queryFn: ({ signal }) => api(teacherEndpoints.list, { signal }),
});

/** The staff users with the role professor, each with the teacher it is linked to (the form's 'Utilizador (acesso)'). */
export const teacherUserOptionsQuery = queryOptions({
  queryKey: ["teachers", "user-options"],
  queryFn: ({ signal }) => api(teacherEndpoints.userOptions, { signal }),
});

/** Create (no id) or update a teacher; the list refreshes afterwards. */
export function useSaveTeacher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TeacherInput }) =>
      id
        ? api(teacherEndpoints.update, { params: { id }, body: input })
        : api(teacherEndpoints.create, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["teachers"] }),
  });
}

export function useDeleteTeacher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(teacherEndpoints.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["teachers"] }),
  });
}
