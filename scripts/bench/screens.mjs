// The screens part of `npm run bench` (issue 35): Lighthouse mobile on the public pages and on every
// signed-in screen, with the public pages' first-load JS and CSS. bench.mjs runs it among its other parts;
// `npm run bench -- --screens` runs it alone:
//   --screens                   the public pages and every signed-in screen
//   --screens=public            the public pages only (also: signed-in, student, staff, or paths: /admin,/aluno/acesso)
//   --runs=N                    Lighthouse runs per page (default 3); the run with the median score is kept
// Lighthouse's total blocking time is the page's main-thread work on *this* CPU (×4 for a phone): the load
// average is printed beside each figure, since other processes on a shared machine inflate it.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../ensure-built.mjs";
import { startBenchServer } from "./server.mjs";
import { benchSignedIn, STAFF_SCREENS, STUDENT_SCREENS, staffSession } from "./signed-in.mjs";

export const CHROME = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || "/usr/bin/chromium";
export const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const SCREEN_BUDGET = {
  jsKB: 110,
  cssKB: 15,
  performance: 99,
  accessibility: 100,
  lcpMs: 1500,
  signedInPerformance: 90,
  signedInTbtMs: 200,
  signedInLcpMs: 2500,
};
// Every page is held to the first-load JS/CSS budget; the Lighthouse budgets of §7 are set for / and
// /cursos, and are reported for /verificar (the certificate check an employer opens from a PDF's QR code,
// issue 15), whose largest paint is the answer of a lookup (decision 022).
// /verificar keeps issue 15's "as light as the public pages" of its time (130 KB): the shell plus the
// page's own chunk (decision 060).
// A course's page (issue 37, decision 093) is held to the budgets of / and /cursos: a demo course's.
export const PUBLIC_PAGES = [
  { path: "/", lighthouseBudget: true },
  { path: "/cursos", lighthouseBudget: true },
  { path: "/cursos/desenvolvimento-web-full-stack", lighthouseBudget: true },
  { path: "/verificar", lighthouseBudget: false, jsKB: 130 },
];

/** The 1-minute load average, rounded: how busy the machine was while a figure was measured. */
const loadNow = () => +os.loadavg()[0].toFixed(1);

/** Every JS/CSS file a fresh browser loads for `url`, sized as gzip of the built file. */
export async function firstLoad(base, pagePath) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS.slice(1) });
  const page = await browser.newPage();
  const files = new Set();
  page.on("response", (r) => {
    const u = new URL(r.url());
    if (u.origin === base && /\.(js|css)$/.test(u.pathname)) files.add(u.pathname);
  });
  const html = await (await page.goto(base + pagePath, { waitUntil: "networkidle" })).text();
  await browser.close();
  let js = 0;
  // The entry's stylesheet is inlined into the prerendered pages' HTML (decision 060): counted as CSS.
  let css = [...html.matchAll(/<style>([^<]*)<\/style>/g)].reduce((n, m) => n + gzipSync(m[1], { level: 9 }).length, 0);
  for (const f of files) {
    const size = gzipSync(readFileSync(path.join(root, "apps/web/dist", f)), { level: 9 }).length;
    if (f.endsWith(".js")) js += size;
    else css += size;
  }
  return { files: [...files].sort(), jsKB: +(js / 1024).toFixed(1), cssKB: +(css / 1024).toFixed(1) };
}

/** One Lighthouse run (mobile, performance and accessibility), its figures. */
function lighthouseOnce(url, outFile, extraArgs) {
  const load = loadNow();
  const r = spawnSync(
    path.join(root, "node_modules/.bin/lighthouse"),
    [
      url,
      ...extraArgs,
      "--quiet",
      "--only-categories=performance,accessibility",
      "--form-factor=mobile",
      "--output=json",
      `--output-path=${outFile}`,
      `--chrome-flags=${FLAGS.join(" ")}`,
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: CHROME }, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (r.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(outFile, "utf8"));
  const audit = (id) => Math.round(report.audits[id].numericValue);
  const bytes = (type) =>
    report.audits["network-requests"].details.items
      .filter((i) => i.resourceType === type)
      .reduce((n, i) => n + i.transferSize, 0);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: +report.audits["cumulative-layout-shift"].numericValue.toFixed(3),
    requests: report.audits["network-requests"].details.items.length,
    scriptKB: +(bytes("Script") / 1024).toFixed(1),
    styleKB: +(bytes("Stylesheet") / 1024).toFixed(1),
    load,
    failedA11y: Object.values(report.audits)
      .filter((a) => a.score === 0 && report.categories.accessibility.auditRefs.some((ref) => ref.id === a.id))
      .map((a) => a.id),
  };
}

/**
 * Lighthouse `runs` times on `url`; the run with the median performance score, with every run's score,
 * TBT and load average beside it (`runs`), so a reader sees the spread.
 */
export function lighthouse(url, outFile, extraArgs = [], runs = 3) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const file = runs === 1 ? outFile : outFile.replace(/\.json$/, `-${i + 1}.json`);
    results.push({ ...lighthouseOnce(url, file, extraArgs), file });
  }
  const sorted = [...results].sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs);
  const { file, ...median } = sorted[Math.floor((sorted.length - 1) / 2)];
  if (runs > 1) writeFileSync(outFile, readFileSync(file));
  return { ...median, runs: results.map((r) => ({ performance: r.performance, tbtMs: r.tbtMs, load: r.load })) };
}

/** Which pages `--screens=…` names: `public`, `signed-in`, `student`, `staff`, or paths, comma-separated. */
export function selectScreens(value) {
  const all = { public: PUBLIC_PAGES.map((p) => p.path), student: STUDENT_SCREENS, staff: STAFF_SCREENS };
  const names = value ? value.split(",") : ["public", "signed-in"];
  const wanted = new Set(names.flatMap((n) => (n === "signed-in" ? [...all.student, ...all.staff] : (all[n] ?? [n]))));
  const known = new Set([...all.public, ...all.student, ...all.staff]);
  const unknown = [...wanted].filter((p) => !known.has(p));
  if (unknown.length) throw new Error(`--screens: unknown ${unknown.join(", ")} (known: ${[...known].join(", ")})`);
  return wanted;
}

/** First-load size and Lighthouse of each public page in `only` (all by default). */
export async function benchPublicPages({ base, out, runs, only }) {
  const pages = {};
  for (const { path: p, lighthouseBudget, jsKB = SCREEN_BUDGET.jsKB } of PUBLIC_PAGES) {
    if (only && !only.has(p)) continue;
    const size = await firstLoad(base, p);
    const file = path.join(out, `lighthouse${p === "/" ? "-home" : p.replace(/\//g, "-")}.json`);
    pages[p] = { ...size, ...lighthouse(base + p, file, [], runs), lighthouseBudget, jsBudgetKB: jsKB };
  }
  return pages;
}

const spread = (r) => (r.runs?.length > 1 ? `; runs ${r.runs.map((x) => `${x.performance}@${x.load}`).join(" ")}` : "");

/** The checks of the public pages' report ([name, value, ok, budget]). */
export function publicPageChecks(pages) {
  const checks = [];
  for (const [p, r] of Object.entries(pages)) {
    checks.push([`${p} JS (gzip)`, `${r.jsKB} KB`, r.jsKB <= r.jsBudgetKB, `≤ ${r.jsBudgetKB} KB`]);
    checks.push([`${p} CSS (gzip)`, `${r.cssKB} KB`, r.cssKB <= SCREEN_BUDGET.cssKB, `≤ ${SCREEN_BUDGET.cssKB} KB`]);
    // A page without a Lighthouse budget is reported against the same numbers, and never fails the run.
    const held = (ok, budget) =>
      r.lighthouseBudget ? [ok, budget] : [true, `reported; ${budget} is the budget of / and /cursos`];
    checks.push([
      `${p} Lighthouse performance (TBT ${r.tbtMs} ms, load ${r.load}${spread(r)})`,
      r.performance,
      ...held(r.performance >= SCREEN_BUDGET.performance, `≥ ${SCREEN_BUDGET.performance}`),
    ]);
    checks.push([
      `${p} Lighthouse accessibility`,
      r.accessibility,
      ...held(
        r.accessibility >= SCREEN_BUDGET.accessibility,
        `= ${SCREEN_BUDGET.accessibility}${r.failedA11y.length ? ` (failing: ${r.failedA11y.join(", ")})` : ""}`,
      ),
    ]);
    checks.push([`${p} LCP`, `${r.lcpMs} ms`, ...held(r.lcpMs <= SCREEN_BUDGET.lcpMs, `≤ ${SCREEN_BUDGET.lcpMs} ms`)]);
  }
  return checks;
}

/** The checks of the signed-in screens' report. */
export function signedInChecks(screens) {
  const checks = [];
  for (const [screen, r] of Object.entries(screens)) {
    checks.push([
      `${screen} Lighthouse performance (FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, ${r.scriptKB} KB JS, ${r.requests} requests, load ${r.load}${spread(r)})`,
      r.performance,
      r.performance >= SCREEN_BUDGET.signedInPerformance,
      `≥ ${SCREEN_BUDGET.signedInPerformance}`,
    ]);
    checks.push([
      `${screen} TBT`,
      `${r.tbtMs} ms`,
      r.tbtMs <= SCREEN_BUDGET.signedInTbtMs,
      `≤ ${SCREEN_BUDGET.signedInTbtMs} ms`,
    ]);
    checks.push([
      `${screen} LCP`,
      `${r.lcpMs} ms`,
      r.lcpMs <= SCREEN_BUDGET.signedInLcpMs,
      `≤ ${SCREEN_BUDGET.signedInLcpMs} ms`,
    ]);
    checks.push([
      `${screen} Lighthouse accessibility`,
      r.accessibility,
      r.accessibility >= SCREEN_BUDGET.accessibility,
      `= ${SCREEN_BUDGET.accessibility}${r.failedA11y.length ? ` (failing: ${r.failedA11y.join(", ")})` : ""}`,
    ]);
    checks.push([
      `${screen} layout shift (CLS)`,
      r.cls,
      screen !== "/aluno/acesso" || r.cls === 0,
      "0 on /aluno/acesso",
    ]);
  }
  return checks;
}

/**
 * `--screens[=…]`: builds, starts the production build with the demo catalogue, and measures the pages
 * named (selectScreens). Answers the checks; bench-results/screens.json keeps the details.
 */
export async function screensBench(value, runs) {
  if (!statSync(CHROME, { throwIfNoEntry: false }))
    throw new Error(`Chromium not found at ${CHROME}; set CHROMIUM_PATH.`);
  const wanted = selectScreens(value);
  const out = path.join(root, "bench-results");
  mkdirSync(out, { recursive: true });
  const server = await startBenchServer({ demoData: true });
  const report = { loadAtStart: loadNow(), cpus: os.cpus().length, runs, pages: {}, signedIn: {} };
  try {
    report.pages = await benchPublicPages({ base: server.base, out, runs, only: wanted });
    const signedIn = [...STUDENT_SCREENS, ...STAFF_SCREENS].filter((s) => wanted.has(s));
    if (signedIn.length) {
      const staffCookie = await staffSession(server);
      report.signedIn = await benchSignedIn({ base: server.base, staffCookie, out, lighthouse, runs, only: wanted });
    }
  } finally {
    await server.stop();
  }
  writeFileSync(path.join(out, "screens.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nLoad average at the start: ${report.loadAtStart} on ${report.cpus} CPUs; ${runs} run(s) per page.`);
  return [...publicPageChecks(report.pages), ...signedInChecks(report.signedIn)];
}
