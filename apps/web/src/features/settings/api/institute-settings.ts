import type { InstituteSettingsInput, instituteSettingsSchema } from "@app/shared/schemas/settings";
import type { z } from "@app/shared/zod";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export type InstituteSettings = z.infer<typeof instituteSettingsSchema>;

/** The institute's name, bank details and contacts (any staff reads them; super_admin changes them). */
export const instituteSettingsQuery = queryOptions({
  queryKey: ["settings", "institute"],
  queryFn: ({ signal }) => api<InstituteSettings>("/settings/institute", { signal }),
});

export function useSaveInstituteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InstituteSettingsInput) =>
      api<InstituteSettings>("/settings/institute", { method: "PUT", body: input }),
    onSuccess: (saved) => client.setQueryData(instituteSettingsQuery.queryKey, saved),
  });
}
