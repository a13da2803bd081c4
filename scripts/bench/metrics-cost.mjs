// `npm run bench -- --metrics`: issue 40's cost of the request metrics (decision 098). On one PostgreSQL
// (a first server holding the demo data), each round starts two fresh instances of the production build
// beside it, one counting requests (the default) and one with METRICS_REQUESTS=off, and loads them in turn
// (with, without, then without, with: neither always first) on the catalogue and on a staff list, 50
// connections for 5 s each. Fresh processes each round: two long-lived servers differ by more than the
// metrics cost (one process simply ran 15–20 % faster than the other, whichever counted). The median of the
// rounds' with/without ratios is kept. Goal: ≥ 95 %.
import autocannon from "autocannon";
import { startBenchServer } from "./server.mjs";
import { staffSession } from "./signed-in.mjs";

export const METRICS_GOAL = { minRatio: 0.95 };
const ROUNDS = 5;
const TARGETS = [
  { name: "catalogue", path: "/api/courses/catalog", staff: false },
  { name: "staff list (Inscrições)", path: "/api/admin/enrollments?page=1&pageSize=20", staff: true },
];

function reqPerSecond(url, headers) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: 50, duration: 5, headers }, (err, res) => {
      if (err) return reject(err);
      if (res.non2xx > 0) return reject(new Error(`${url}: ${res.non2xx} answers were not 2xx`));
      resolve(Math.round(res.requests.average));
    }),
  );
}

export async function metricsCostBench() {
  const holder = await startBenchServer({ demoData: true });
  try {
    // Sessions live in PostgreSQL: one staff session serves every instance.
    const cookie = await staffSession(holder);
    const ratios = Object.fromEntries(TARGETS.map((t) => [t.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // Which one starts first alternates too (the first one started was seen to run faster).
      const start = (count) => startBenchServer({ beside: holder, env: count ? {} : { METRICS_REQUESTS: "off" } });
      let counted;
      let uncounted;
      if (round % 2 === 0) {
        counted = await start(true);
        uncounted = await start(false);
      } else {
        uncounted = await start(false);
        counted = await start(true);
      }
      try {
        const pair = [
          { name: "with", server: counted },
          { name: "without", server: uncounted },
        ];
        const order = round % 2 === 0 ? pair : [...pair].reverse();
        for (const target of TARGETS) {
          const got = {};
          for (const { name, server } of order) {
            got[name] = await reqPerSecond(`${server.base}${target.path}`, target.staff ? { cookie } : {});
          }
          ratios[target.name].push(got.with / got.without);
        }
      } finally {
        await uncounted.stop();
        await counted.stop();
      }
    }
    const report = {};
    const checks = [];
    for (const target of TARGETS) {
      const sorted = [...ratios[target.name]].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      report[target.name] = {
        ratios: sorted.map((r) => Math.round(r * 1000) / 1000),
        median: Math.round(median * 1000) / 1000,
      };
      checks.push([
        `${target.name}: req/s with request metrics / without (median of ${ROUNDS} fresh pairs)`,
        `${(median * 100).toFixed(1)} % (all: ${sorted.map((r) => `${(r * 100).toFixed(0)} %`).join(", ")})`,
        median >= METRICS_GOAL.minRatio,
        `≥ ${METRICS_GOAL.minRatio * 100} %`,
      ]);
    }
    return { report, checks };
  } finally {
    await holder.stop();
  }
}
