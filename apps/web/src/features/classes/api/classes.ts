import { classEndpoints } from "@app/shared/contract/classes";
import type { ClassInput } from "@app/shared/schemas/catalog";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";

export type SchoolClass = AnswerOf<typeof classEndpoints.update>;

export const classesQuery = queryOptions({
  queryKey: ["classes"],
  queryFn: ({ signal }) => api(classEndpoints.list, { signal }),
});

/** Where staff open a class's curriculum (a private file: the server checks who asks). */

/** The result of saving: the class, and the curriculum's failure when the class saved but the PDF did not. */
export interface SaveClassResult {
  saved: SchoolClass;
  curriculumError?: unknown;
}

/**
 * Create (no id) or update a class, then send its curriculum PDF when one was chosen. The class and
 * the file are two requests: a failed upload never loses the class, and the dialog says so.
 */
export function useSaveClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      curriculum,
    }: {
      id?: string;
      input: ClassInput;
      curriculum?: File | null;
    }): Promise<SaveClassResult> => {
      const saved = id
        ? await api(classEndpoints.update, { params: { id }, body: input })
        : await api(classEndpoints.create, { body: input });
      if (!curriculum) return { saved };
      const form = new FormData();
      form.append("file", curriculum);
      try {
        return { saved: await api(classEndpoints.uploadCurriculum, { params: { id: saved.id }, body: form }) };
      } catch (curriculumError) {
        return { saved, curriculumError };
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: ["classes"] }),
  });
}

export function useRemoveCurriculum() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(classEndpoints.removeCurriculum, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["classes"] }),
  });
}

export function useDeleteClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(classEndpoints.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["classes"] }),
  });
}
