// `npm run bench -- --metrics`: issue 40's cost of the request metrics (decision 098). Two servers of the
// production build, one counting requests (the default) and one with METRICS_REQUESTS=off, loaded in turn
// (with, without, with, without: neither always goes first) on the catalogue and on a staff list, 50
// connections for 5 s each; the best of each pair's runs is kept. Goal: with ≥ 95 % of without's req/s.
import autocannon from "autocannon";
import { startBenchServer } from "./server.mjs";
import { staffSession } from "./signed-in.mjs";

export const METRICS_GOAL = { minRatio: 0.95 };
const ROUNDS = 3;

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
  const counted = await startBenchServer({ demoData: true });
  const uncounted = await startBenchServer({ demoData: true, env: { METRICS_REQUESTS: "off" } });
  try {
    const servers = [
      { name: "with", server: counted, cookie: await staffSession(counted) },
      { name: "without", server: uncounted, cookie: await staffSession(uncounted) },
    ];
    const targets = [
      { name: "catalogue", path: "/api/courses/catalog", staff: false },
      { name: "staff list (Inscrições)", path: "/api/admin/enrollments?page=1&pageSize=20", staff: true },
    ];
    const report = {};
    const checks = [];
    for (const target of targets) {
      const best = { with: 0, without: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const { name, server, cookie } of order) {
          const headers = target.staff ? { cookie } : {};
          best[name] = Math.max(best[name], await reqPerSecond(`${server.base}${target.path}`, headers));
        }
      }
      const ratio = best.with / best.without;
      report[target.name] = { ...best, ratio: Math.round(ratio * 1000) / 1000 };
      checks.push([
        `${target.name}: req/s with request metrics / without`,
        `${best.with} / ${best.without} = ${(ratio * 100).toFixed(1)} %`,
        ratio >= METRICS_GOAL.minRatio,
        `≥ ${METRICS_GOAL.minRatio * 100} %`,
      ]);
    }
    return { report, checks };
  } finally {
    await uncounted.stop();
    await counted.stop();
  }
}
