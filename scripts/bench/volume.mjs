// `npm run bench -- --volume`: three years of data (bench/seed-volume.mjs) in a throw-away embedded
// database under the production build, at 1/10 and at the full volume of ARCHITECTURE.md §7; as a signed-in
// super_admin, each admin list's first page (p99, bytes on the wire with Accept-Encoding: gzip, br), the
// dashboard's p99, the full Financeiro CSV export and 'Exportar todos os dados' (decision 101; each: time to
// its last byte, the server's peak RSS).
// Tolerant of the lists' shape: an array (every row) is measured as it is; a page { rows, total, … } too.
import os from "node:os";
import { brotliCompressSync, constants } from "node:zlib";
import autocannon from "autocannon";
import { listRows, request, round } from "./http.mjs";
import { FULL_VOLUME, seedVolume } from "./seed-volume.mjs";
import { rssMB, sampleMemory, startBenchServer } from "./server.mjs";
import { createStaff, signInStaff } from "./staff.mjs";

export const VOLUME_GOALS = {
  listP99Ms: 50,
  listKB: 60,
  dashboardP99Ms: 50,
  exportMs: 3_000,
  exportGrowthMB: 30,
  // 'Exportar todos os dados' (decision 101): every table twice (CSV, XLSX) a batch at a time; its time is reported.
  fullExportGrowthMB: 60,
};
/** The first page as the web's tables ask for it once paged (DataTable shows 20 rows a page). */
const FIRST_PAGE = "?page=1&pageSize=20";
const LISTS = [
  ["Inscrições", "/api/admin/enrollments"],
  ["Comprovantes", "/api/admin/receipts"],
  ["Financeiro (pagamentos)", "/api/admin/payments"],
  ["Contas de Alunos", "/api/admin/student-accounts"],
];
const ACCEPT = { "accept-encoding": "gzip, br" };
/** Above this a request is timed a few times one after another instead of under autocannon. */
const SLOW_MS = 1_000;

/** p99 of GET `path`: 4 connections for 6 s under autocannon, or 3 sequential requests when one is slow. */
async function latency(base, path, cookie, probeMs) {
  if (probeMs > SLOW_MS) {
    const times = [];
    for (let i = 0; i < 3; i++) {
      const res = await request(base, "GET", path, { cookie, headers: ACCEPT, timeoutMs: 120_000 });
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
      times.push(res.ms);
    }
    return { p99Ms: round(Math.max(...times)), samples: 3, how: "3 sequential requests (slow)" };
  }
  const res = await new Promise((resolve, reject) =>
    autocannon({ url: base + path, connections: 4, duration: 6, headers: { cookie, ...ACCEPT } }, (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  );
  if (res.non2xx > 0 || res.errors > 0) throw new Error(`GET ${path}: ${res.non2xx} non-2xx, ${res.errors} errors`);
  return { p99Ms: res.latency.p99, samples: res.requests.total, how: "autocannon, 4 connections, 6 s" };
}

async function measureList(base, path, cookie) {
  const probe = await request(base, "GET", path, { cookie, headers: ACCEPT, timeoutMs: 120_000 });
  if (probe.status !== 200) throw new Error(`GET ${path} answered ${probe.status}: ${probe.text().slice(0, 200)}`);
  const answer = probe.json();
  const rows = listRows(answer).length;
  return {
    paged: !Array.isArray(answer) && typeof answer.total === "number",
    rows,
    total: answer.total ?? rows,
    wireKB: round(probe.wireBytes / 1024, 1),
    plainKB: round(probe.plainBytes() / 1024, 1),
    // What brotli (quality 5, a dynamic answer's usual setting) would have sent instead: decision 059.
    brotliKB: round(
      brotliCompressSync(Buffer.from(probe.text()), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length / 1024,
      1,
    ),
    encoding: probe.encoding,
    ...(await latency(base, path, cookie, probe.ms)),
  };
}

/** The whole Financeiro CSV (no filter: every payment), gzip accepted, with the server's RSS sampled. */
async function measureExport(base, cookie, pid) {
  await new Promise((r) => setTimeout(r, 500));
  const idleMB = round(rssMB(pid));
  const memory = sampleMemory(pid);
  const res = await request(base, "GET", "/api/admin/payments/export?format=csv", {
    cookie,
    headers: ACCEPT,
    timeoutMs: 120_000,
  });
  const { peakMB } = memory.stop();
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  const lines = res.text().trim().split("\r\n").length - 1;
  return {
    ms: round(res.ms),
    rows: lines,
    wireKB: round(res.wireBytes / 1024),
    encoding: res.encoding,
    idleMB,
    peakMB,
    growthMB: peakMB - idleMB,
  };
}

/** 'Exportar todos os dados': the whole ZIP read to its last byte, with the server's RSS sampled. */
async function measureFullExport(base, cookie, pid) {
  await new Promise((r) => setTimeout(r, 500));
  const idleMB = round(rssMB(pid));
  const memory = sampleMemory(pid);
  const res = await request(base, "GET", "/api/admin/data-export", { cookie, timeoutMs: 600_000 });
  const { peakMB } = memory.stop();
  if (res.status !== 200) throw new Error(`data export answered ${res.status}`);
  return { ms: round(res.ms), zipKB: round(res.wireBytes / 1024), idleMB, peakMB, growthMB: peakMB - idleMB };
}

async function volumeAt(scale) {
  const volume = Object.fromEntries(Object.entries(FULL_VOLUME).map(([k, v]) => [k, Math.round(v * scale)]));
  const server = await startBenchServer();
  const db = await server.database();
  try {
    const [staff] = await createStaff(server, db, ["super_admin"]);
    const { rows } = await db.query("select password from auth_account where provider_id = 'credential' limit 1");
    const started = performance.now();
    const seeded = await seedVolume(db, server.dataDir, volume, rows[0].password);
    const seedSeconds = round((performance.now() - started) / 1000, 1);
    console.log(`  seeded ${JSON.stringify(seeded)} in ${seedSeconds} s`);
    const cookie = await signInStaff(server.base, staff);
    // The export first, on a server that has served nothing big yet: its RSS growth is the export's own.
    const csv = await measureExport(server.base, cookie, server.pid);
    console.log(`  export: ${JSON.stringify(csv)}`);
    const everything = await measureFullExport(server.base, cookie, server.pid);
    console.log(`  data export: ${JSON.stringify(everything)}`);
    const dashboardProbe = await request(server.base, "GET", "/api/admin/dashboard", { cookie, headers: ACCEPT });
    if (dashboardProbe.status !== 200) throw new Error(`dashboard answered ${dashboardProbe.status}`);
    const dashboard = await latency(server.base, "/api/admin/dashboard", cookie, dashboardProbe.ms);
    console.log(`  dashboard: ${JSON.stringify(dashboard)}`);
    // The lists last, the slowest last: one that times out may keep the server busy for minutes.
    const lists = {};
    for (const [name, path] of LISTS) {
      try {
        lists[name] = await measureList(server.base, path + FIRST_PAGE, cookie);
      } catch (err) {
        lists[name] = { failed: String(err.message ?? err) };
      }
      console.log(`  ${name}: ${JSON.stringify(lists[name])}`);
    }
    return {
      scale,
      seeded,
      seedSeconds,
      lists,
      dashboard,
      export: csv,
      dataExport: everything,
      loadAverage1m: round(os.loadavg()[0], 1),
    };
  } finally {
    await db.end();
    await server.stop();
  }
}

/** Runs the volume bench at each scale; answers the report and its checks [name, value, ok, goal]. */
export async function volumeBench(scales = [0.1, 1]) {
  const report = [];
  const checks = [];
  const g = VOLUME_GOALS;
  for (const scale of scales) {
    console.log(`\nVolume ×${scale}:`);
    const r = await volumeAt(scale);
    report.push(r);
    const at = `[${r.seeded.enrollments} enrolments]`;
    checks.push([
      `${at} seeded in`,
      `${r.seedSeconds} s (machine load average ${r.loadAverage1m} on ${os.cpus().length} cores)`,
      true,
      "reported",
    ]);
    for (const [name, l] of Object.entries(r.lists)) {
      if (l.failed) {
        checks.push([
          `${at} ${name} first page`,
          `failed: ${l.failed}`,
          false,
          `≤ ${g.listP99Ms} ms, ≤ ${g.listKB} KB`,
        ]);
        continue;
      }
      const shape = l.paged ? `page of ${l.rows} of ${l.total}` : `NOT PAGED: all ${l.rows} rows`;
      checks.push([
        `${at} ${name} first page p99 (${l.how})`,
        `${l.p99Ms} ms`,
        l.p99Ms <= g.listP99Ms,
        `≤ ${g.listP99Ms} ms`,
      ]);
      checks.push([
        `${at} ${name} first page on the wire (${shape}, ${l.encoding}; ${l.plainKB} KB plain, ${l.brotliKB} KB as brotli)`,
        `${l.wireKB} KB`,
        l.wireKB <= g.listKB,
        `≤ ${g.listKB} KB`,
      ]);
    }
    checks.push([
      `${at} dashboard p99`,
      `${r.dashboard.p99Ms} ms`,
      r.dashboard.p99Ms <= g.dashboardP99Ms,
      `≤ ${g.dashboardP99Ms} ms`,
    ]);
    const e = r.export;
    checks.push([
      `${at} Financeiro CSV export, ${e.rows} rows (${e.wireKB} KB ${e.encoding})`,
      `${e.ms} ms`,
      e.ms <= g.exportMs,
      `≤ ${g.exportMs} ms`,
    ]);
    checks.push([
      `${at} server RSS during the export (idle ${e.idleMB} MB, peak ${e.peakMB} MB)`,
      `+${e.growthMB} MB`,
      e.growthMB <= g.exportGrowthMB,
      `flat: ≤ +${g.exportGrowthMB} MB`,
    ]);
    const d = r.dataExport;
    checks.push([`${at} 'Exportar todos os dados' (${d.zipKB} KB ZIP)`, `${d.ms} ms`, true, "reported"]);
    checks.push([
      `${at} server RSS during 'Exportar todos os dados' (idle ${d.idleMB} MB, peak ${d.peakMB} MB)`,
      `+${d.growthMB} MB`,
      d.growthMB <= g.fullExportGrowthMB,
      `flat: ≤ +${g.fullExportGrowthMB} MB`,
    ]);
  }
  return { report, checks };
}
