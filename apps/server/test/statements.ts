import { jsonRequest } from "./actors";
import { type ApiContext, TEST_BASE_URL } from "./context";

/** The multipart form the import panel sends: bank, CSV file and, when given, the mapping as JSON. */
export function statementForm(bankName: string, csv: string, mapping?: unknown, fileName = "extrato-novembro.csv") {
  const fd = new FormData();
  fd.append("bankName", bankName);
  fd.append("file", new File([csv], fileName, { type: "text/csv" }));
  if (mapping !== undefined) fd.append("mapping", JSON.stringify(mapping));
  return fd;
}

/** Requests under /api/admin/bank-statements as `cookie`'s browser sends them (multipart, or JSON). */
export function statementRequests(ctx: ApiContext, cookie: string) {
  return {
    post: (path: string, fd: FormData, as = cookie) =>
      ctx.app.request(`/api/admin/bank-statements${path}`, {
        method: "POST",
        body: fd,
        headers: { cookie: as, origin: TEST_BASE_URL },
      }),
    call: (method: string, path: string, payload?: unknown, as = cookie) =>
      ctx.app.request(`/api/admin/bank-statements${path}`, jsonRequest(method, payload, as)),
  };
}
