import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { staffActor } from "../../../test/actors";
import { body, TEST_BASE_URL } from "../../../test/context";
import { insertCourse } from "../../../test/fixtures";
import { startSmsContext } from "../../../test/sms";
import { smsMessages } from "../../db/schema";

type SmsContext = Awaited<ReturnType<typeof startSmsContext>>;

/** 'Importar dados' with the access sent by SMS too (issue 38, decision 097), through the Twilio simulator. */
describe("data import with SMS", () => {
  let s: SmsContext;
  let cookie: string;
  beforeAll(async () => {
    s = await startSmsContext();
    await insertCourse(s.ctx.db, { name: "Informática Básica" });
    cookie = (await staffActor(s.ctx, "admin")).cookie;
  });
  afterAll(() => s.close());

  const importStudents = (sendSms: string, ...rows: string[]) => {
    const fd = new FormData();
    fd.append("kind", "alunos");
    fd.append("sendSms", sendSms);
    const csv = ["Nome;Telefone;Data de nascimento;Província;Horário preferido;Curso;Estado", ...rows].join("\r\n");
    fd.append("file", new File([csv], "alunos.csv", { type: "text/csv" }));
    return s.ctx.app.request("/api/admin/data-import", {
      method: "POST",
      body: fd,
      headers: { cookie, origin: TEST_BASE_URL },
    });
  };

  it("sends each new account's code and temporary password by SMS when asked, and only then", async () => {
    const fd = new FormData();
    fd.append("kind", "alunos");
    fd.append("file", new File(["Nome;Telefone\r\nRosa Sms;923777001"], "alunos.csv", { type: "text/csv" }));
    const preview = await s.ctx.app.request("/api/admin/data-import/preview", {
      method: "POST",
      body: fd,
      headers: { cookie, origin: TEST_BASE_URL },
    });
    expect((await body(preview)).smsConfigured).toBe(true); // the screen offers the SMS only then
    const res = await importStudents(
      "true",
      "Rosa Sms;+244 923 777 001;01/01/2000;Luanda;Manhã;Informática Básica;Pré-inscrito",
    );
    expect(res.status).toBe(201);
    const [access] = (await body(res)).credentials;
    await vi.waitFor(() => expect(s.sim.messages.filter((m) => m.to === "+244923777001")).toHaveLength(1), {
      timeout: 15_000,
    });
    const [sms] = s.sim.messages.filter((m) => m.to === "+244923777001");
    expect(sms!.body).toContain(access.studentCode);
    expect(sms!.body).toContain(access.studentPassword);

    const quiet = await importStudents(
      "false",
      "Tomás Sem Sms;+244 923 777 002;01/01/2000;Luanda;Manhã;Informática Básica;Pré-inscrito",
    );
    expect(quiet.status).toBe(201);
    expect((await body(quiet)).credentials).toHaveLength(1);
    // An SMS is queued in the import's own transaction: none was, for this one.
    const queued = await s.ctx.db.select({ to: smsMessages.to }).from(smsMessages);
    expect(queued).toEqual([{ to: "+244923777001" }]);
  });
});
