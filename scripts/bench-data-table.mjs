// The admin DataTable with 10 000 rows (apps/web/bench/data-table.html, built by its own Vite config and
// never part of the app): in the system Chromium, type into "Pesquisar" one key at a time ("joão", clear,
// "luanda") and record, from a 'longtask' PerformanceObserver, the longest main-thread task and the total
// blocking time (Σ of each long task's time over 50 ms) while typing, and for each term the time from its
// last keystroke to the frame that shows the filtered rows (the visible rows all match and the count is
// the expected one). See docs/decisions/007-data-table-bench.md.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";

const TERMS = ["joão", "luanda"];
const KEY_DELAY_MS = 120; // a quick typist
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };

function serveStatic(dir) {
  const server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://localhost");
    const file = path.join(dir, path.normalize(decodeURIComponent(pathname)));
    try {
      if (!file.startsWith(dir + path.sep)) throw new Error("outside");
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/**
 * Runs in the page: a 'longtask' observer, the time of the last keydown (its event timestamp, so a key
 * that waited behind a long task counts from when it was pressed), and `__bench.expect({ term, expected })`,
 * which checks every animation frame for the first one where the input holds `term` and the table shows
 * its result: rows that all match and the expected count.
 */
function installProbe() {
  const norm = (s) =>
    s
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  const shows = ({ term, expected }) => {
    const needle = norm(term.trim());
    const rows = [...document.querySelectorAll("table tbody tr")];
    const texts = [...document.querySelectorAll("p")].map((p) => p.textContent);
    if (expected === 0) return texts.includes("Nenhum registro encontrado");
    return (
      rows.length === Math.min(expected, 20) &&
      (expected <= 20 || texts.includes(`${expected} registos`)) &&
      rows.every((tr) => [...tr.cells].some((td) => norm(td.textContent ?? "").includes(needle)))
    );
  };
  const input = document.querySelector("input");
  const bench = { tasks: [], lastKeyAt: 0, shownAt: 0 };
  bench.expect = (target) => {
    bench.shownAt = 0;
    const frame = () => {
      if (input.value === target.term && shows(target)) bench.shownAt = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask" });
  document.addEventListener("keydown", (e) => (bench.lastKeyAt = e.timeStamp), true);
}

const round = (n) => Math.round(n);
const summary = (tasks) => ({
  longestTaskMs: round(Math.max(0, ...tasks.map((t) => t.duration))),
  totalBlockingTimeMs: round(tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0)),
  longTasks: tasks.length,
});

/** One typing session in a fresh page, the CPU slowed down `cpuSlowdown` times (Chromium's emulation). */
async function measure(browser, url, cpuSlowdown) {
  const page = await browser.newPage();
  if (cpuSlowdown > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  }
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await page.getByText("10000 registos").waitFor();
  const expected = await page.evaluate((terms) => terms.map((t) => window.benchExpectedCount(t)), TERMS);
  // Observe from here: the page's first render and the expected counts above are not typing.
  await page.evaluate(installProbe);
  await page.waitForTimeout(300);
  const input = page.getByLabel("Pesquisar");
  const steps = [];
  const step = async (name, term, count, act) => {
    const start = await page.evaluate((t) => window.__bench.expect(t) ?? performance.now(), { term, expected: count });
    await act();
    await page.waitForFunction(() => window.__bench.shownAt > 0, null, { polling: "raf", timeout: 30_000 });
    await page.waitForTimeout(300); // tasks still running after the result frame belong to this step
    const { lastKeyAt, shownAt, tasks } = await page.evaluate((t0) => {
      const b = window.__bench;
      const out = { lastKeyAt: b.lastKeyAt, shownAt: b.shownAt, tasks: b.tasks.filter((t) => t.start >= t0) };
      b.tasks = [];
      return out;
    }, start);
    steps.push({ name, count, resultMs: round(shownAt - lastKeyAt), tasks });
  };
  for (const [i, term] of TERMS.entries()) {
    if (i > 0) {
      await step("clear", "", 10_000, async () => {
        await input.press("Control+A");
        await input.press("Backspace");
      });
    }
    await step(`type "${term}"`, term, expected[i], () => input.pressSequentially(term, { delay: KEY_DELAY_MS }));
  }
  await page.close();
  if (errors.length) throw new Error(`bench page errors: ${errors.join("; ")}`);
  return {
    ...summary(steps.flatMap((s) => s.tasks)),
    resultMs: Math.max(...steps.filter((s) => s.name !== "clear").map((s) => s.resultMs)),
    steps: steps.map(({ tasks, ...s }) => ({ ...s, ...summary(tasks), taskMs: tasks.map((t) => round(t.duration)) })),
  };
}

/**
 * Builds and measures the page: the budgeted run on this machine's CPU, then the same session with the
 * CPU slowed down 4× (a modest laptop; reported, not budgeted). Returns the numbers for the report.
 */
export async function benchDataTable({ root, chrome, flags }) {
  const { build } = await import("vite");
  await build({ configFile: path.join(root, "apps/web/bench/vite.config.ts"), logLevel: "warn" });
  const server = await serveStatic(path.join(root, "apps/web/bench/dist"));
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: chrome, args: flags });
  try {
    const url = `http://127.0.0.1:${server.address().port}/data-table.html`;
    const run = await measure(browser, url, 1);
    const slow = await measure(browser, url, 4);
    return { rows: 10_000, keyDelayMs: KEY_DELAY_MS, ...run, cpu4x: slow };
  } finally {
    await browser.close();
    server.close();
  }
}
