import { smsEndpoints } from "@app/shared/contract/sms";
import type { SmsCapsInput } from "@app/shared/schemas/sms";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** Configurações → SMS (super_admin; decision 094): configured?, sender, today's count against the cap. */
export const smsOverviewQuery = queryOptions({
  queryKey: ["admin", "sms"],
  queryFn: ({ signal }) => api(smsEndpoints.overview, { signal }),
});

/** 'Enviar SMS de teste': queued on the server, sent by its worker; the count refreshes. */
export function useSendTestSms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => api(smsEndpoints.test, { body: { phone } }),
    onSettled: () => client.invalidateQueries(smsOverviewQuery),
  });
}

/** 'Salvar limites': both caps; the answer is the overview, shown at once. */
export function useSaveSmsCaps() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (caps: SmsCapsInput) => api(smsEndpoints.caps, { body: caps }),
    onSuccess: (overview) => client.setQueryData(smsOverviewQuery.queryKey, overview),
  });
}
