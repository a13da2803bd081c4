import type { ApplicationSource } from "@app/shared/application-source";
import { enrollmentEndpoints as endpoints } from "@app/shared/contract/enrollments";
import type { EnrollmentStatus } from "@app/shared/enums";
import type {
  AdminEnrollmentSort,
  ApproveEnrollmentInput,
  AssignClassInput,
  ConfirmPaymentInput,
  RejectEnrollmentInput,
  RequestCorrectionInput,
} from "@app/shared/schemas/enrollment-review";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";
import { refreshAfterChange, type ServerListParams, useCachedListRow } from "../../../lib/server-list";

export type AdminEnrollmentPage = AnswerOf<typeof endpoints.list>;
export type AdminEnrollmentRow = AdminEnrollmentPage["rows"][number];
export type AdminEnrollmentDetail = AnswerOf<typeof endpoints.detail>;
export type ApprovedEnrollment = AnswerOf<typeof endpoints.approve>;
export type EnrollableClass = AnswerOf<typeof endpoints.classes>[number];

/** Every query of staff's enrolments (the list's pages, one enrolment, its classes) starts with this. */
export const ADMIN_ENROLLMENTS_KEY = ["enrollments", "admin"] as const;
const PAGES_KEY = [...ADMIN_ENROLLMENTS_KEY, "list"] as const;

export type AdminEnrollmentListParams = ServerListParams<
  AdminEnrollmentSort,
  { status?: EnrollmentStatus | undefined; courseId?: string | undefined; source?: ApplicationSource | undefined }
>;

/**
 * 'Inscrições' (decision 057): one page of the enrolments as the server searched, filtered and sorted
 * them, and the summary cards' counts.
 */
export const adminEnrollmentsQuery = (query: AdminEnrollmentListParams) =>
  queryOptions({
    queryKey: [...PAGES_KEY, query],
    queryFn: ({ signal }) => api(endpoints.list, { query, signal }),
  });

/**
 * The row a dialog of 'Inscrições' opened on: as the freshest cached page shows it (the dialog opens
 * from a visible row), else read by id. Undefined while loading, or when `id` is null.
 */
export function useAdminEnrollmentRow(id: string | null): AdminEnrollmentRow | undefined {
  const cached = useCachedListRow<AdminEnrollmentRow>(PAGES_KEY, id);
  const { data: detail } = useQuery({ ...adminEnrollmentQuery(id ?? ""), enabled: id !== null && !cached });
  return cached ?? detail;
}

/** One enrolment with its documents, correction requests and history (the view dialog). */
export const adminEnrollmentQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_ENROLLMENTS_KEY, id],
    queryFn: ({ signal }) => api(endpoints.detail, { params: { id }, signal }),
  });

/**
 * An unused reference code proposed for the approval dialog (staff may replace it), and whether
 * Multicaixa references are on. Never fresh for long: the next approval may take the code.
 */
export const proposedReferenceCodeQuery = queryOptions({
  queryKey: ["enrollments", "reference-code"],
  queryFn: ({ signal }) => api(endpoints.referenceCode, { signal }),
  gcTime: 0,
  staleTime: 0,
});

export type ReferenceCodeProposal = AnswerOf<typeof endpoints.referenceCode>;

/**
 * The proposal of one opening of the approval dialog (mounted afresh at each opening): undefined while
 * `pending`, and when the request failed. The cached answer of an earlier opening is never shown as the
 * proposal: it may be the code the previous approval has just taken (issue 33).
 */
export function useReferenceCodeProposal(enabled: boolean): {
  pending: boolean;
  proposal: ReferenceCodeProposal | undefined;
} {
  const query = useQuery({ ...proposedReferenceCodeQuery, enabled });
  // Answered (or failed) since this opening; a later fetch (another proposal) does not make it pending again.
  const answered = query.isFetchedAfterMount;
  return { pending: !answered, proposal: answered && query.isSuccess ? query.data : undefined };
}

/** A new proposal, asked now (after the server refused the last one as already used). */
export function useProposeAnotherCode(): () => Promise<ReferenceCodeProposal> {
  const client = useQueryClient();
  return () => client.fetchQuery(proposedReferenceCodeQuery);
}

/** The classes of the enrolment's course with a free seat, earliest start first ('Confirmar pagamento', 'Atribuir turma'). */
export const enrollableClassesQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_ENROLLMENTS_KEY, id, "classes"],
    queryFn: ({ signal }) => api(endpoints.classes, { params: { id }, signal }),
    staleTime: 0,
  });

/** The enrolment's new state is the answer: show it in an open dialog at once, and refetch the list and counts. */
function refresh(client: QueryClient, detail: AdminEnrollmentDetail | undefined, also: string[][] = []) {
  if (detail) client.setQueryData(adminEnrollmentQuery(detail.id).queryKey, detail);
  return refreshAfterChange(client, [ADMIN_ENROLLMENTS_KEY, ["dashboard"], ...also]);
}

export function useApproveEnrollment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ApproveEnrollmentInput }) =>
      api(endpoints.approve, { params: { id }, body: input }),
    onSuccess: (result) => refresh(client, result.enrollment),
  });
}

export function useRejectEnrollment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RejectEnrollmentInput }) =>
      api(endpoints.reject, { params: { id }, body: input }),
    onSuccess: (detail) => refresh(client, detail),
  });
}

export function useRequestCorrection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RequestCorrectionInput }) =>
      api(endpoints.requestCorrection, { params: { id }, body: input }),
    onSuccess: (detail) => refresh(client, detail),
  });
}

/** Records in History that staff opened the WhatsApp link with the code. */
export function useWhatsappSent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(endpoints.whatsappSent, { params: { id } }),
    onSuccess: (detail) => refresh(client, detail),
  });
}

/** The desk's payment (decision 088): enrolled with a seat, or waiting for the balance; seats and payments change. */
export function useConfirmPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ConfirmPaymentInput }) =>
      api(endpoints.confirmPayment, { params: { id }, body: input }),
    // A payment recorded: Financeiro's list and the balances change too.
    onSuccess: (detail) => refresh(client, detail, [["classes"], ["payments"]]),
  });
}

/** 'Atribuir turma': an enrolled enrolment without a class takes a seat; the classes' seat counts change too. */
export function useAssignClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AssignClassInput }) =>
      api(endpoints.assignClass, { params: { id }, body: input }),
    onSuccess: (detail) => refresh(client, detail, [["classes"]]),
  });
}

/** Deletes an enrolment; a seat it held is given back, so the classes refresh too. */
export function useDeleteEnrollment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(endpoints.remove, { params: { id } }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: adminEnrollmentQuery(id).queryKey });
      return refresh(client, undefined, [["classes"]]);
    },
  });
}

/** Where staff read an enrolment document (a private file: the server checks who asks). */
import { fileUrl } from "../../../lib/file-url";

/** Whether a document's file can still be read (a PDF is only linked, so its absence is asked beforehand). */
export const documentAvailableQuery = (fileId: string) =>
  queryOptions({
    queryKey: ["files", fileId, "available"],
    queryFn: async ({ signal }) => {
      const res = await fetch(fileUrl(fileId), { method: "HEAD", credentials: "same-origin", signal });
      return res.ok;
    },
    staleTime: 60_000,
    retry: false,
  });
