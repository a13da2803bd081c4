import type { TeacherInput, TeacherUserOption, teacherSchema } from "@app/shared/schemas/catalog";
import type { z } from "@app/shared/zod";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export type Teacher = z.infer<typeof teacherSchema>;

export const teachersQuery = queryOptions({
  queryKey: ["teachers"],
  queryFn: ({ signal }) => api<Teacher[]>("/teachers", { signal }),
});

/** The staff users with the role professor, each with the teacher it is linked to (the form's 'Utilizador (acesso)'). */
export const teacherUserOptionsQuery = queryOptions({
  queryKey: ["teachers", "user-options"],
  queryFn: ({ signal }) => api<TeacherUserOption[]>("/teachers/user-options", { signal }),
});

/** Create (no id) or update a teacher; the list refreshes afterwards. */
export function useSaveTeacher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TeacherInput }) =>
      api<Teacher>(id ? `/teachers/${id}` : "/teachers", { method: id ? "PUT" : "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["teachers"] }),
  });
}

export function useDeleteTeacher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/teachers/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["teachers"] }),
  });
}
