import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";

/** The institute's details (decision 047): every staff role reads them, only super_admin changes them. */
describe("institute settings", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const valid = {
    name: "Instituto Politécnico do Kilamba",
    bankName: "Banco de Fomento Angola",
    iban: "AO06.0044.0000 6729 5030 1010 2",
    beneficiary: "IPK, Lda.",
    whatsappNumber: "+244 923 111 222",
    contactEmail: "Secretaria@IPK.example",
  };

  it("starts with the demo details the migrations wrote, with an IBAN whose check digits add up", async () => {
    const professor = await staffActor(ctx, "professor");
    const res = await ctx.app.request("/api/admin/settings/institute", jsonRequest("GET", undefined, professor.cookie));
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({
      name: "Instituto Superior de Formação",
      bankName: "Banco BAI",
      iban: "AO06004000001234567890167",
      whatsappNumber: "912345678",
    });
  });

  it("super_admin saves them, normalised; everyone then reads the new ones", async () => {
    const boss = await staffActor(ctx, "super_admin");
    const res = await ctx.app.request("/api/admin/settings/institute", jsonRequest("PUT", valid, boss.cookie));
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({
      iban: "AO06004400006729503010102",
      whatsappNumber: "923111222",
      contactEmail: "secretaria@ipk.example",
    });
    const secretaria = await staffActor(ctx, "secretaria");
    const read = await body(
      await ctx.app.request("/api/admin/settings/institute", jsonRequest("GET", undefined, secretaria.cookie)),
    );
    expect(read.name).toBe("Instituto Politécnico do Kilamba");
  });

  it("refuses a wrong IBAN, phone or e-mail with Portuguese messages, and other roles (403)", async () => {
    const boss = await staffActor(ctx, "super_admin");
    const put = (payload: unknown, cookie = boss.cookie) =>
      ctx.app.request("/api/admin/settings/institute", jsonRequest("PUT", payload, cookie));
    expect((await body(await put({ ...valid, iban: "AO06 1234" }))).error.message).toBe(
      "IBAN inválido: um IBAN angolano tem 25 caracteres, AO e 23 algarismos",
    );
    expect((await body(await put({ ...valid, whatsappNumber: "823111222" }))).error.message).toBe(
      "O celular deve começar com 9",
    );
    expect((await body(await put({ ...valid, contactEmail: "sem-arroba" }))).error.message).toBe("Email inválido");
    const admin = await staffActor(ctx, "admin");
    expect((await put(valid, admin.cookie)).status).toBe(403);
  });

  it("refuses an IBAN with wrong check digits on its field, and keeps the saved details", async () => {
    const boss = await staffActor(ctx, "super_admin");
    const read = async () =>
      body(await ctx.app.request("/api/admin/settings/institute", jsonRequest("GET", undefined, boss.cookie)));
    const saved = await read();
    const res = await ctx.app.request(
      "/api/admin/settings/institute",
      jsonRequest("PUT", { ...valid, name: "Outro nome", iban: "AO06 0040 0000 8765 4321 0987 6" }, boss.cookie),
    );
    expect(res.status).toBe(400);
    expect((await body(res)).error).toMatchObject({
      message: "IBAN inválido: verifique os dígitos de controle",
      issues: [{ path: "iban", message: "IBAN inválido: verifique os dígitos de controle" }],
    });
    expect(await read()).toEqual(saved);
  });
});
