// The student's whole way on a slow phone (issue 23): home → account → application with three photos →
// payment screen → receipt, in Chromium at 1.6 Mbps down / 750 kbps up / 150 ms and 4× CPU slowdown,
// with 4000×3000 JPEG photos of documents (document-photo.mjs). Bytes are counted on the wire by a TCP
// proxy between the browser and the server (headers, uploads and all), per step, with the step's time.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { documentPhoto } from "./document-photo.mjs";

const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) | 0,
  uploadThroughput: (750e3 / 8) | 0,
};

/** A TCP proxy to `target` port counting the bytes each way; `take()` answers and resets the counts. */
async function countingProxy(targetPort) {
  const counts = { down: 0, up: 0 };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    client.on("data", (d) => {
      counts.up += d.length;
    });
    upstream.on("data", (d) => {
      counts.down += d.length;
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end);
    upstream.on("error", end);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: server.address().port,
    take() {
      const out = { ...counts };
      counts.down = 0;
      counts.up = 0;
      return out;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

/**
 * Runs the way once; answers each step's { kbDown, kbUp, seconds } and the totals. `approve(enrollmentId)`
 * is the secretariat's part (not counted: it is not the student's phone).
 */
export async function benchStudentWay({ serverPort, chrome, flags, approve }) {
  const { chromium } = await import("@playwright/test");
  const proxy = await countingProxy(serverPort);
  const base = `http://127.0.0.1:${proxy.port}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-photos-"));
  const browser = await chromium.launch({ executablePath: chrome, args: flags });
  const steps = {};
  try {
    // The photos are made in a page of their own, before the way starts (not counted).
    const drawing = await browser.newPage();
    const photos = {};
    for (const [name, kind, seed] of [
      ["bi-frente", "bi-frente", 1],
      ["bi-verso", "bi-verso", 2],
      ["certificado", "talao", 3],
      ["talao", "talao", 4],
    ]) {
      photos[name] = path.join(dir, `${name}.jpg`);
      writeFileSync(photos[name], await documentPhoto(drawing, { kind, seed }));
    }
    await drawing.close();

    const context = await browser.newContext({
      baseURL: base,
      locale: "pt-AO",
      timezoneId: "Africa/Luanda",
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    page.setDefaultTimeout(120_000);
    proxy.take();
    const step = async (name, run) => {
      const started = performance.now();
      await run();
      await page.waitForLoadState("networkidle");
      const { down, up } = proxy.take();
      steps[name] = {
        kbDown: Math.round(down / 1024),
        kbUp: Math.round(up / 1024),
        seconds: +((performance.now() - started) / 1000).toFixed(1),
      };
    };
    const attach = async (label, file) => {
      const chooser = page.waitForEvent("filechooser");
      await page.getByLabel(label).click();
      await (await chooser).setFiles(file);
    };

    await step("home", () => page.goto("/"));
    const phone = `9239${String(Date.now() % 100000).padStart(5, "0")}`;
    await step("account", async () => {
      await page.goto("/criar-conta-aluno");
      await page.getByLabel(/^Nome completo/).fill("Esperança Bench Kiala");
      await page.getByLabel(/^Telefone/).fill(phone);
      await page.getByRole("button", { name: "Criar conta" }).click();
      const dialog = page.getByRole("dialog", { name: "Conta criada com sucesso!" });
      await dialog.getByTestId("Código de estudante").waitFor();
      const password = (await dialog.getByTestId("Senha").textContent()).trim();
      await dialog.getByRole("button", { name: "Já anotei — ir para o login" }).click();
      await page.getByLabel(/^Senha/).fill(password);
      await page.getByRole("button", { name: "Entrar" }).click();
      await page.getByLabel(/^Nova senha/).fill("BENCH1");
      await page.getByLabel(/^Confirmar nova senha/).fill("BENCH1");
      await page.getByRole("button", { name: "Alterar senha" }).click();
      await page.waitForURL(/\/completar-inscricao/);
    });
    await step("application (3 photos)", async () => {
      await page.getByLabel(/^Data de nascimento/).fill("2002-03-09");
      await page.getByLabel(/^Nome da mãe/).fill("Rosa Kiala");
      await page.getByLabel(/^Naturalidade/).fill("Uíge");
      await page.getByRole("combobox", { name: /^Província/ }).fill("Uíg");
      await page.getByRole("option", { name: "Uíge" }).click();
      await page.getByLabel(/^Município/).fill("Uíge");
      await page.getByLabel(/^Bairro/).fill("Candombe Velho");
      await page.getByRole("combobox", { name: /^Nível de escolaridade/ }).click();
      await page.getByRole("option", { name: "Ensino Médio" }).click();
      await page.getByLabel(/^Área de formação/).fill("Ciências Económicas");
      await page.getByRole("combobox", { name: /^Curso/ }).click();
      await page.getByRole("option", { name: "Marketing Digital" }).click();
      await page.getByRole("combobox", { name: /^Horário preferido/ }).click();
      await page.getByRole("option", { name: /^Noite/ }).click();
      await attach(/^Bilhete de Identidade \(frente\)/, photos["bi-frente"]);
      await attach(/^Bilhete de Identidade \(verso\)/, photos["bi-verso"]);
      await attach(/^Certificado de habilitações/, photos.certificado);
      await page.getByRole("button", { name: "Enviar inscrição" }).click();
      await page.getByRole("dialog", { name: "Inscrição enviada com sucesso!" }).waitFor();
    });
    const [own] = await (await page.request.get("/api/me/enrollments")).json();
    proxy.take(); // the bench's own look-up above, and the secretariat's approval below, are not the student's
    await approve(own.id);
    proxy.take();
    await step("payment screen", () => page.goto("/aluno/pagamento"));
    await step("receipt (1 photo)", async () => {
      const form = page.getByRole("region", { name: "Enviar comprovante" });
      await form.getByRole("textbox", { name: /^Valor pago/ }).fill("145000");
      await form
        .getByLabel(/^Data do pagamento/)
        .fill(new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Luanda" }).format(new Date()));
      await form.locator('input[type="file"]').setInputFiles(photos.talao);
      await form.getByText(/Imagem comprimida/).waitFor();
      await form.getByRole("button", { name: "Enviar Comprovante" }).click();
      await page.getByText("Comprovante enviado com sucesso!", { exact: false }).first().waitFor();
    });
    await context.close();
  } finally {
    await browser.close();
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const total = Object.values(steps).reduce(
    (t, s) => ({ kbDown: t.kbDown + s.kbDown, kbUp: t.kbUp + s.kbUp, seconds: +(t.seconds + s.seconds).toFixed(1) }),
    { kbDown: 0, kbUp: 0, seconds: 0 },
  );
  return { steps, total: { ...total, mb: +((total.kbDown + total.kbUp) / 1024).toFixed(2) } };
}
