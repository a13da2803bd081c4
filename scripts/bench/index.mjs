// The data-growth and mixed-day parts of `npm run bench` (decision 059), called from scripts/bench.mjs:
//   --volume   only the seeded volume (1/10, then full: 30 000 students, 50 000 enrolments, 40 000
//              receipts and payments); --volume=0.05 measures one scale only
//   --load     only the mixed day (300 students and 20 staff for 60 s) on one instance, then on two
//              instances of one PostgreSQL (decision 090); --load=1 or --load=2 only that one
//   --statements only the bank-statement import of 5 000 lines (issue 25, decision 070)
//   --screens  only Lighthouse on the public pages and the signed-in screens (screens.mjs, decision 091);
//              --screens=public, =signed-in, =student, =staff or =/admin,/aluno/acesso names some of them;
//              --runs=N Lighthouse runs per page (default 3, the median kept), here and in the whole bench
//   --import   only issue 38's import: 5 000 students with 8 000 enrolments in one sheet (decision 097)
//   --sms      only approval → SMS at the provider (issue 36, decision 092): p50/p99 over 100 approvals
//   --metrics  only the cost of the request metrics (issue 40, decision 098): req/s with and without
//   neither    bench.mjs runs its public-page budgets, then the mixed day (mixedDayChecks)
// Each figure is printed beside its goal; bench-results/volume.json and load.json keep the details.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "../ensure-built.mjs";
import { importBench } from "./import.mjs";
import { loadBench } from "./load.mjs";
import { metricsCostBench } from "./metrics-cost.mjs";
import { screensBench } from "./screens.mjs";
import { smsBench } from "./sms.mjs";
import { statementBench } from "./statements.mjs";
import { volumeBench } from "./volume.mjs";

function save(name, report) {
  const out = path.join(root, "bench-results");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, name), `${JSON.stringify(report, null, 2)}\n`);
}

export function printChecks(title, checks) {
  console.log(`\n${title}:`);
  for (const [name, value, ok, goal] of checks) console.log(`  ${ok ? "✔" : "✖"} ${name}: ${value} (${goal})`);
}

/** `--runs=N`: Lighthouse runs per page, 3 unless given. */
export function lighthouseRuns(args) {
  const given = args.find((a) => a.startsWith("--runs="));
  const runs = given ? Number(given.split("=")[1]) : 3;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: a whole number ≥ 1, not ${given}`);
  return runs;
}

/**
 * The mixed day's checks on each of `instances` (1: one server; 2: two on one PostgreSQL), for the full
 * `npm run bench` and `--load` (the build is already done).
 */
export async function mixedDayChecks(instances = [1, 2]) {
  const checks = [];
  for (const n of instances) {
    const { report, checks: c } = await loadBench({ instances: n });
    save(n === 1 ? "load.json" : `load-${n}-instances.json`, report);
    checks.push(...c);
  }
  return checks;
}

/**
 * Runs the parts `args` name (after building); answers true when it ran something, so bench.mjs stops
 * there. Exits 1 when a goal is missed, like the rest of the bench.
 */
export async function benchParts(args, build) {
  const volume = args.find((a) => a === "--volume" || a.startsWith("--volume="));
  const load = args.find((a) => a === "--load" || a.startsWith("--load="));
  const statements = args.includes("--statements");
  const screens = args.find((a) => a === "--screens" || a.startsWith("--screens="));
  const sms = args.includes("--sms");
  const dataImport = args.includes("--import");
  const metrics = args.includes("--metrics");
  if (!volume && !load && !statements && !screens && !sms && !dataImport && !metrics) return false;
  build();
  const checks = [];
  if (volume) {
    const scales = volume.includes("=") ? [Number(volume.split("=")[1])] : [0.1, 1];
    const { report, checks: c } = await volumeBench(scales);
    save("volume.json", report);
    printChecks("Data growth (ARCHITECTURE.md §7)", c);
    checks.push(...c);
  }
  if (load) {
    const c = await mixedDayChecks(load.includes("=") ? [Number(load.split("=")[1])] : undefined);
    printChecks("Mixed day (ARCHITECTURE.md §7)", c);
    checks.push(...c);
  }
  if (statements) {
    const { report, checks: c } = await statementBench();
    save("statements.json", report);
    printChecks("Bank statements (issue 25)", c);
    checks.push(...c);
  }
  if (screens) {
    const c = await screensBench(screens.split("=")[1], lighthouseRuns(args));
    printChecks("Screens, Lighthouse mobile (ARCHITECTURE.md §7)", c);
    checks.push(...c);
  }
  if (sms) {
    const { report, checks: c } = await smsBench();
    save("sms.json", report);
    printChecks("SMS to students (issue 36)", c);
    checks.push(...c);
  }
  if (dataImport) {
    const { report, checks: c } = await importBench();
    save("import.json", report);
    printChecks("Moving in from spreadsheets (issue 38)", c);
    checks.push(...c);
  }
  if (metrics) {
    const { report, checks: c } = await metricsCostBench();
    save("metrics.json", report);
    printChecks("Request metrics' cost (issue 40)", c);
    checks.push(...c);
  }
  console.log(
    "\nDetails: bench-results/volume.json, load.json, load-2-instances.json, statements.json, screens.json, sms.json, import.json, metrics.json",
  );
  if (checks.some((c) => !c[2])) process.exit(1);
  return true;
}
