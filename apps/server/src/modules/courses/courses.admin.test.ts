import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { enrollmentRow } from "../../../test/fixtures";
import { classes, enrollments } from "../../db/schema";

describe("course management (staff)", () => {
  let ctx: TestContext;
  let cookie: string;
  const valid = {
    name: "Excel Avançado",
    description: "Tabelas dinâmicas",
    area: "Tecnologia",
    modality: "online",
    durationMonths: 2,
    price: 45000.5,
    status: "active",
  };
  const send = (method: string, path: string, payload?: unknown) =>
    ctx.app.request(path, jsonRequest(method, payload, cookie));

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ cookie } = await staffActor(ctx, "secretaria"));
  });
  afterAll(() => ctx.close());

  it("creates, lists, edits and deletes a course; the public catalogue follows at once", async () => {
    const created = await send("POST", "/api/admin/courses", valid);
    expect(created.status).toBe(201);
    const course = await body(created);
    expect(course).toMatchObject({ name: "Excel Avançado", price: 45000.5, status: "active" });
    expect((await body(await ctx.app.request("/api/courses/catalog"))).map((c: { id: string }) => c.id)).toContain(
      course.id,
    );

    const edited = await send("PUT", `/api/admin/courses/${course.id}`, { ...valid, status: "inactive", price: 50000 });
    expect(await body(edited)).toMatchObject({ status: "inactive", price: 50000 });
    expect((await body(await ctx.app.request("/api/courses/catalog"))).map((c: { id: string }) => c.id)).not.toContain(
      course.id,
    );
    expect((await body(await send("GET", "/api/admin/courses"))).map((c: { id: string }) => c.id)).toContain(course.id);

    expect((await send("DELETE", `/api/admin/courses/${course.id}`)).status).toBe(204);
    expect((await send("DELETE", `/api/admin/courses/${course.id}`)).status).toBe(404);
  });

  it("refuses each rule of the course form with its message", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "Nome é obrigatório"],
      [{ durationMonths: undefined }, "durationMonths", "Duração é obrigatória"],
      [{ durationMonths: 0 }, "durationMonths", "A duração deve ser de pelo menos 1 mês"],
      [{ price: undefined }, "price", "Preço é obrigatório"],
      [{ price: 10.005 }, "price", "O preço aceita no máximo 2 casas decimais"],
      [{ price: -1 }, "price", "O preço não pode ser negativo"],
      [{ area: "Astrologia" }, "area", "Área inválida"],
      [{ modality: "correio" }, "modality", "Modalidade inválida"],
      [{ status: "archived" }, "status", "Estado inválido"],
    ];
    for (const [override, path, message] of cases) {
      const res = await send("POST", "/api/admin/courses", { ...valid, ...override });
      expect(res.status, path).toBe(400);
      expect((await body(res)).error.issues).toContainEqual({ path, message });
    }
  });

  it("reads a price and a duration sent as typed text with the form's own rules", async () => {
    for (const [price, saved] of [
      ["150.000", 150000],
      ["1.500,50", 1500.5],
      ["123456.78", 123456.78],
    ] as const) {
      const res = await send("POST", "/api/admin/courses", { ...valid, price, durationMonths: "3" });
      expect(res.status, price).toBe(201);
      expect(await body(res), price).toMatchObject({ price: saved, durationMonths: 3 });
    }
    for (const [override, path, message] of [
      [
        { price: "150,000" },
        "price",
        "Valor ambíguo: use 150.000 ou 150 000 para cento e cinquenta mil, e vírgula para os cêntimos (150.000,50)",
      ],
      [{ price: "1.500.50" }, "price", expect.stringContaining("Valor ambíguo")],
      [{ durationMonths: "2,5" }, "durationMonths", "Use um número inteiro, sem casas decimais"],
      [{ durationMonths: 2.5 }, "durationMonths", "Use um número inteiro, sem casas decimais"],
    ] as const) {
      const res = await send("POST", "/api/admin/courses", { ...valid, ...override });
      expect(res.status, path).toBe(400);
      expect((await body(res)).error.issues).toContainEqual({ path, message });
    }
  });

  it("refuses to delete a course that has classes or enrolments (409), and keeps it", async () => {
    const withClass = await body(await send("POST", "/api/admin/courses", valid));
    await ctx.db.insert(classes).values({
      name: "T1",
      courseId: withClass.id,
      classType: "online",
      enrollmentStartDate: "2025-01-01",
      enrollmentEndDate: "2025-01-10",
      startDate: "2025-01-15",
      endDate: "2025-03-15",
      schedule: "Noite",
    });
    const withEnrollment = await body(await send("POST", "/api/admin/courses", valid));
    await ctx.db.insert(enrollments).values(enrollmentRow(withEnrollment.id));
    for (const id of [withClass.id, withEnrollment.id]) {
      const res = await send("DELETE", `/api/admin/courses/${id}`);
      expect(res.status).toBe(409);
      expect((await body(res)).error.message).toBe(
        "Não é possível excluir este curso: existem turmas ou inscrições associadas.",
      );
    }
    const ids = (await body(await send("GET", "/api/admin/courses"))).map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([withClass.id, withEnrollment.id]));
  });
});
