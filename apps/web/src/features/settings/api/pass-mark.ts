import { settingsEndpoints } from "@app/shared/contract/settings";
import type { PassMarkInput } from "@app/shared/schemas/pass-mark";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** The institute's pass mark (decision 049): any staff reads it; super_admin changes it. */
export const passMarkQuery = queryOptions({
  queryKey: ["settings", "pass-mark"],
  queryFn: ({ signal }) => api(settingsEndpoints.passMark, { signal }),
});

export function useSavePassMark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PassMarkInput) => api(settingsEndpoints.updatePassMark, { body: input }),
    onSuccess: (saved) => {
      client.setQueryData(passMarkQuery.queryKey, saved);
      // The teaching screen's answers carry it.
      return client.invalidateQueries({ queryKey: ["teaching"] });
    },
  });
}
