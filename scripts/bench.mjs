// `npm run bench`: the public pages against the budgets of ARCHITECTURE.md §7, on the production build.
//   1. gzipped JS and CSS of the first load of /, /cursos, a course's page and /verificar (every script and stylesheet a fresh
//      browser fetches until the network is idle: the entry, the page's lazy chunk and its imports);
//   2. Lighthouse 13, mobile, on each of them (performance, accessibility, LCP), with the system Chromium
//      (budgets for / and /cursos, as §7 sets them; reported for /verificar); the median of 3 runs
//      (--runs=N), the load average beside it (scripts/bench/screens.mjs);
//   3. the catalogue API under 50 connections (autocannon): p99, and throughput as a ratio to a bare
//      node:http server answering the same JSON, measured in the same run;
//   4. the admin DataTable with 10 000 rows (a bench-only page, scripts/bench-data-table.mjs): the longest
//      main-thread task while typing a search, the total blocking time and the time to the filtered rows;
//   5. Lighthouse on every signed-in screen, signed in (scripts/bench/signed-in.mjs);
//   6. the student's whole way on a throttled phone, bytes and time per step (scripts/bench/student-way.mjs).
// Writes bench-results/report.json; exits 1 when a budget is missed. `--public`: parts 1 and 2 only
// (bench-results/public-pages.json); `--screens` runs 1, 2 and 5 alone (scripts/bench/index.mjs lists
// every option).
import { spawnSync } from "node:child_process";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { benchParts, lighthouseRuns, mixedDayChecks } from "./bench/index.mjs";
import {
  benchPublicPages,
  CHROME,
  FLAGS,
  lighthouse,
  publicPageChecks,
  SCREEN_BUDGET,
  signedInChecks,
} from "./bench/screens.mjs";
import { startBenchServer } from "./bench/server.mjs";
import { approveEnrollment, benchSignedIn, staffSession } from "./bench/signed-in.mjs";
import { benchStudentWay } from "./bench/student-way.mjs";
import { benchDataTable } from "./bench-data-table.mjs";
import { root } from "./ensure-built.mjs";

const BUDGET = {
  ...SCREEN_BUDGET,
  studentWayMB: 1.5,
  p99Ms: 20,
  tableLongestTaskMs: 200,
};

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: 50, duration: 5, headers }, (err, res) =>
      err ? reject(err) : resolve({ rps: Math.round(res.requests.average), p99Ms: res.latency.p99 }),
    ),
  );
}

function reportPublicPages(pages, out) {
  writeFileSync(path.join(out, "public-pages.json"), `${JSON.stringify(pages, null, 2)}\n`);
  const checks = publicPageChecks(pages);
  console.log("\nPublic pages (ARCHITECTURE.md §7):");
  for (const [name, value, ok, budget] of checks) console.log(`  ${ok ? "✔" : "✖"} ${name}: ${value} (${budget})`);
  if (checks.some((c) => !c[2])) process.exitCode = 1;
}

async function main() {
  const args = process.argv.slice(2);
  // `--volume` / `--load` / `--statements` / `--screens`: only those parts (scripts/bench/index.mjs).
  if (await benchParts(args, () => run("npm", ["run", "build"]))) return;
  const runs = lighthouseRuns(args);
  const publicOnly = args.includes("--public");
  if (!statSync(CHROME, { throwIfNoEntry: false })) {
    console.error(`Chromium not found at ${CHROME}; set CHROMIUM_PATH.`);
    process.exit(1);
  }
  run("npm", ["run", "build"]);
  // The demo catalogue, as a newcomer's first start has it.
  const server = await startBenchServer({ demoData: true });
  const { base } = server;
  const port = Number(new URL(base).port);
  const out = path.join(root, "bench-results");
  mkdirSync(out, { recursive: true });
  const report = { budgets: BUDGET, pages: {}, api: {}, dataTable: {}, signedIn: {}, studentWay: {} };
  try {
    report.pages = await benchPublicPages({ base, out, runs });
    // `--public`: the public pages only (first load and Lighthouse); the server stops, then nothing else runs.
    if (publicOnly) return reportPublicPages(report.pages, out);
    // Issue 23, slow phones signed in: Lighthouse on each signed-in screen, then the student's whole way.
    // One super_admin, signed in once, for the signed-in screens and the approvals of the student's way.
    const staffCookie = await staffSession(server);
    report.signedIn = await benchSignedIn({ base, staffCookie, out, lighthouse, runs });
    report.studentWay = await benchStudentWay({
      serverPort: port,
      chrome: CHROME,
      flags: FLAGS.slice(1),
      approve: (id) => approveEnrollment({ base, staffCookie, id }),
    });
    const body = await (await fetch(`${base}/api/courses/catalog`)).text();
    const bare = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(body);
    });
    await new Promise((r) => bare.listen(0, "127.0.0.1", r));
    const api = await load(`${base}/api/courses/catalog`);
    // As browsers ask for it: the gzip copy kept beside the catalogue (decision 059).
    const apiGzip = await load(`${base}/api/courses/catalog`, { "accept-encoding": "gzip, deflate, br" });
    const baseline = await load(`http://127.0.0.1:${bare.address().port}/`);
    bare.close();
    report.api = {
      catalogue: api,
      catalogueGzip: apiGzip,
      bareNodeHttp: baseline,
      throughputRatio: +(api.rps / baseline.rps).toFixed(2),
    };
  } finally {
    await server.stop();
  }
  report.dataTable = await benchDataTable({ root, chrome: CHROME, flags: FLAGS.slice(1) });
  writeFileSync(path.join(out, "report.json"), `${JSON.stringify(report, null, 2)}\n`);

  const checks = [...publicPageChecks(report.pages), ...signedInChecks(report.signedIn)];
  const way = report.studentWay;
  for (const [name, s] of Object.entries(way.steps)) {
    checks.push([`student's way: ${name}`, `${s.kbDown} KB down, ${s.kbUp} KB up, ${s.seconds} s`, true, "reported"]);
  }
  checks.push([
    "student's whole way (3G phone, four 12 MP photos)",
    `${way.total.mb} MB (${way.total.kbDown} KB down, ${way.total.kbUp} KB up, ${way.total.seconds} s)`,
    way.total.mb <= BUDGET.studentWayMB,
    `≤ ${BUDGET.studentWayMB} MB`,
  ]);
  const a = report.api;
  checks.push([
    "catalogue API p99 (50 connections)",
    `${a.catalogue.p99Ms} ms`,
    a.catalogue.p99Ms <= BUDGET.p99Ms,
    `≤ ${BUDGET.p99Ms} ms`,
  ]);
  checks.push([
    "catalogue API p99 (50 connections, Accept-Encoding: gzip as browsers send)",
    `${a.catalogueGzip.p99Ms} ms (${a.catalogueGzip.rps} req/s)`,
    a.catalogueGzip.p99Ms <= BUDGET.p99Ms,
    `≤ ${BUDGET.p99Ms} ms`,
  ]);
  checks.push([
    "catalogue API throughput vs bare node:http",
    `${a.catalogue.rps}/${a.bareNodeHttp.rps} req/s = ${a.throughputRatio}`,
    true,
    "reported",
  ]);
  const t = report.dataTable;
  checks.push([
    `admin table (${t.rows} rows), longest task while typing a search`,
    `${t.longestTaskMs} ms`,
    t.longestTaskMs < BUDGET.tableLongestTaskMs,
    `< ${BUDGET.tableLongestTaskMs} ms`,
  ]);
  checks.push(["admin table, total blocking time while typing", `${t.totalBlockingTimeMs} ms`, true, "reported"]);
  checks.push(["admin table, last keystroke → filtered rows", `${t.resultMs} ms`, true, "reported"]);
  checks.push([
    "admin table at 4× CPU slowdown",
    `longest task ${t.cpu4x.longestTaskMs} ms, TBT ${t.cpu4x.totalBlockingTimeMs} ms, rows after ${t.cpu4x.resultMs} ms`,
    true,
    "reported",
  ]);
  checks.push(...(await mixedDayChecks())); // the mixed day (decision 059)
  console.log("\nBudgets (ARCHITECTURE.md §7):");
  for (const [name, value, ok, budget] of checks) console.log(`  ${ok ? "✔" : "✖"} ${name}: ${value} (${budget})`);
  console.log(`\nDetails: bench-results/report.json`);
  if (checks.some((c) => !c[2])) process.exit(1);
}

await main();
