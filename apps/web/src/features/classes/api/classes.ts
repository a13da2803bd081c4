import { fileEndpoints } from "@app/shared/contract/files";
import type { ClassInput, classSchema } from "@app/shared/schemas/catalog";
import type { z } from "@app/shared/zod";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl } from "../../../lib/api";

export type SchoolClass = z.infer<typeof classSchema>;

export const classesQuery = queryOptions({
  queryKey: ["classes"],
  queryFn: ({ signal }) => api<SchoolClass[]>("/classes", { signal }),
});

/** Where staff open a class's curriculum (a private file: the server checks who asks). */
export const curriculumUrl = (fileId: string) => apiUrl(fileEndpoints.read, { id: fileId });

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
      const saved = await api<SchoolClass>(id ? `/classes/${id}` : "/classes", {
        method: id ? "PUT" : "POST",
        body: input,
      });
      if (!curriculum) return { saved };
      const form = new FormData();
      form.append("file", curriculum);
      try {
        return { saved: await api<SchoolClass>(`/classes/${saved.id}/curriculum`, { method: "PUT", body: form }) };
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
    mutationFn: (id: string) => api<SchoolClass>(`/classes/${id}/curriculum`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["classes"] }),
  });
}

export function useDeleteClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/classes/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["classes"] }),
  });
}
