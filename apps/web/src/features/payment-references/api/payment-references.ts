import { paymentReferenceEndpoints } from "@app/shared/contract/payment-references";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";

export type OwnReference = AnswerOf<typeof paymentReferenceEndpoints.listOwn>["references"][number];
export type UnmatchedPayment = AnswerOf<typeof paymentReferenceEndpoints.unmatched>["notifications"][number];

/** While a reference is being created or awaits payment, the screen asks again this often (ms). */
export const REFERENCE_REFRESH_MS = 3_000;

/** The student's Multicaixa references (issue 26), newest first. */
export const ownReferencesQuery = queryOptions({
  queryKey: ["payment-references", "mine"],
  queryFn: ({ signal }) => api(paymentReferenceEndpoints.listOwn, { signal }),
});

/** The student asks a new reference once theirs expired. */
export function useRenewOwnReference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enrollmentId: string) => api(paymentReferenceEndpoints.renewOwn, { params: { enrollmentId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["payment-references"] }),
  });
}

/** 'Pagamentos por referência': the provider's payments finance must look at. */
export const unmatchedPaymentsQuery = queryOptions({
  queryKey: ["payment-references", "unmatched"],
  queryFn: ({ signal }) => api(paymentReferenceEndpoints.unmatched, { signal }),
});

/** Staff give an enrolment awaiting payment a new reference (the current one is deleted at the provider). */
export function useRenewReference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enrollmentId: string) => api(paymentReferenceEndpoints.renew, { params: { enrollmentId }, body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["enrollments"] }),
  });
}
