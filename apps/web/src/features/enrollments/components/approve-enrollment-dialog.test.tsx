import { REFERENCE_CODE_TAKEN } from "@app/shared/messages";
import { Notifications } from "@mantine/notifications";
import { QueryClient } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enrollmentCounts, FIRST_PAGE, listPage } from "../../../test/fixtures/list-page";
import { renderAt } from "../../../test/render";
import { type AdminEnrollmentRow, adminEnrollmentsQuery, proposedReferenceCodeQuery } from "../api/admin-enrollments";
import { ApproveEnrollmentDialog, takenCodeReplaced } from "./approve-enrollment-dialog";

const row: AdminEnrollmentRow = {
  id: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3601",
  studentName: "Esperança Kiala",
  studentPhone: "923456789",
  studentEmail: null,
  courseId: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3602",
  courseName: "Marketing Digital",
  coursePrice: 100_000,
  classId: null,
  className: null,
  schedulePreference: "noite",
  status: "pre_inscrito",
  applicationDate: "2026-02-01T09:00:00.000Z",
  approvalDate: null,
  paymentReferenceCode: null,
  codeSent: false,
  source: null,
  smsUndelivered: false,
};

const NO_COUNTS = enrollmentCounts({});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * The server as the dialog meets it: each GET of the proposal answers the next of `codes`; an approval
 * answers that its code was taken meanwhile (409). Returns the requests made, in order.
 */
function server({ codes, multicaixa = false }: { codes: string[]; multicaixa?: boolean }) {
  const asked: string[] = [];
  const proposals = [...codes];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    asked.push(`${init?.method ?? "GET"} ${url}`);
    if (url.endsWith("/reference-code")) {
      // The answer takes a moment, as over a network.
      await new Promise((r) => setTimeout(r, 50));
      return json({ referenceCode: proposals.shift(), multicaixa });
    }
    if (url.endsWith("/approve"))
      return json(
        {
          error: {
            ...REFERENCE_CODE_TAKEN,
            issues: [{ path: "referenceCode", message: REFERENCE_CODE_TAKEN.message }],
          },
        },
        409,
      );
    throw new Error(`unexpected request ${url}`);
  });
  return asked;
}

/** Opens the dialog on `row`; `cached` is a proposal an earlier opening left in the query cache. */
function openApproval(cached?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(adminEnrollmentsQuery(FIRST_PAGE).queryKey, listPage([row], { counts: NO_COUNTS }));
  if (cached) client.setQueryData(proposedReferenceCodeQuery.queryKey, { referenceCode: cached, multicaixa: false });
  renderAt(
    <>
      <Notifications />
      <ApproveEnrollmentDialog opened enrollmentId={row.id} onClose={() => {}} />
    </>,
    "/admin/enrollments",
    "*",
    client,
  );
  return screen.getByRole("dialog", { name: "Aprovar inscrição" });
}

/** The code field, once the dialog has its proposal. */
const codeField = async (dialog: HTMLElement) =>
  (await within(dialog).findByLabelText(/^Código de referência/)) as HTMLInputElement;

async function tickBoth(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByLabelText("Documentação completa e válida"));
  await userEvent.click(within(dialog).getByLabelText("Dados pessoais conferidos"));
}

afterEach(() => vi.restoreAllMocks());

describe("the approval dialog", () => {
  it("proposes the code and keeps 'Aprovar inscrição' disabled until both checklist boxes are ticked", async () => {
    server({ codes: ["KX7MPQ2R"] });
    const dialog = openApproval();
    expect((await codeField(dialog)).value).toBe("KX7MPQ2R");
    const approve = within(dialog).getByRole("button", { name: "Aprovar inscrição" }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);

    await userEvent.click(within(dialog).getByLabelText("Documentação completa e válida"));
    expect(approve.disabled).toBe(true);
    await userEvent.click(within(dialog).getByLabelText("Dados pessoais conferidos"));
    expect(approve.disabled).toBe(false);

    await userEvent.click(within(dialog).getByLabelText("Documentação completa e válida"));
    expect(approve.disabled).toBe(true);
  });

  it("refuses a blank code on the field, before any request", async () => {
    const asked = server({ codes: ["KX7MPQ2R"] });
    const dialog = openApproval();
    await userEvent.clear(await codeField(dialog));
    await tickBoth(dialog);
    await userEvent.click(within(dialog).getByRole("button", { name: "Aprovar inscrição" }));
    expect(within(dialog).getByText("Código de referência é obrigatório")).toBeTruthy();
    expect(asked.filter((r) => r.startsWith("POST"))).toEqual([]);
  });

  it("without Multicaixa references there is no validity field", async () => {
    server({ codes: ["KX7MPQ2R"] });
    const dialog = openApproval();
    await codeField(dialog);
    expect(within(dialog).queryByLabelText(/Validade da referência Multicaixa/)).toBeNull();
  });

  it("with Multicaixa references: the validity is 7 days unless staff choose another; a blank one is refused on the field", async () => {
    server({ codes: ["KX7MPQ2R"], multicaixa: true });
    const dialog = openApproval();
    await codeField(dialog);
    const days = within(dialog).getByLabelText(/Validade da referência Multicaixa/) as HTMLInputElement;
    expect(days.value).toBe("7");
    await tickBoth(dialog);
    await userEvent.clear(days);
    await userEvent.click(within(dialog).getByRole("button", { name: "Aprovar inscrição" }));
    expect(within(dialog).getByText(/Indique a validade da referência Multicaixa em dias \(1 a 60\)/)).toBeTruthy();
  });

  it("each opening proposes the code it asked the server for, never the answer an earlier opening left in the cache", async () => {
    // The previous approval took AAAAAAAA: the server now proposes another code.
    const asked = server({ codes: ["BBBBBBBB"] });
    const dialog = openApproval("AAAAAAAA");
    expect(within(dialog).queryByLabelText(/^Código de referência/)).toBeNull();
    expect((await codeField(dialog)).value).toBe("BBBBBBBB");
    expect(asked).toEqual(["GET /api/admin/enrollments/reference-code"]);
  });

  it("a code another approval took meanwhile: the field says so and holds a new proposal", async () => {
    server({ codes: ["KX7MPQ2R", "NW8PRPS3"] });
    const dialog = openApproval();
    await codeField(dialog);
    await tickBoth(dialog);
    await userEvent.type(within(dialog).getByLabelText("Observações (opcional)"), "Pagará em numerário");
    await userEvent.click(within(dialog).getByRole("button", { name: "Aprovar inscrição" }));
    expect(await within(dialog).findByText(takenCodeReplaced("KX7MPQ2R"))).toBeTruthy();
    expect((await codeField(dialog)).value).toBe("NW8PRPS3");
    expect(await screen.findByText("Erro ao aprovar inscrição")).toBeTruthy();
    // The rest of the form is as staff left it: one click approves with the new code.
    expect((within(dialog).getByLabelText("Dados pessoais conferidos") as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText("Observações (opcional)") as HTMLTextAreaElement).value).toBe(
      "Pagará em numerário",
    );
    expect((within(dialog).getByRole("button", { name: "Aprovar inscrição" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
