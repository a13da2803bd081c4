import { settingsEndpoints } from "@app/shared/contract/settings";
import type { InstituteSettingsInput } from "@app/shared/schemas/settings";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";

export type InstituteSettings = AnswerOf<typeof settingsEndpoints.institute>;

/** The institute's name, bank details and contacts (any staff reads them; super_admin changes them). */
export const instituteSettingsQuery = queryOptions({
  queryKey: ["settings", "institute"],
  queryFn: ({ signal }) => api(settingsEndpoints.institute, { signal }),
});

export function useSaveInstituteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InstituteSettingsInput) => api(settingsEndpoints.updateInstitute, { body: input }),
    onSuccess: (saved) => client.setQueryData(instituteSettingsQuery.queryKey, saved),
  });
}
