import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../src/db/embedded";

/** Debian's `prometheus` package (.ci/run installs it). */
export const PROMETHEUS = "/usr/bin/prometheus";
export const PROMTOOL = "/usr/bin/promtool";

/** Without the package a developer's run skips the test; CI must have it. */
export function prometheusMissing(): boolean {
  if (existsSync(PROMETHEUS)) return false;
  if (process.env.CI === "true") throw new Error(`${PROMETHEUS} not found: .ci/run installs Debian's 'prometheus'`);
  console.warn(`⚠ ${PROMETHEUS} not found (apt-get install prometheus): skipping the real-Prometheus test`);
  return true;
}

export interface Prometheus {
  /** An instant query's vector, as [labels, value] pairs. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: number }[]>;
  stop(): Promise<void>;
}

/**
 * A real Prometheus in a folder of its own, scraping `target` (host:port) every second with the bearer
 * token, and evaluating `ruleFiles` every second.
 */
export async function startPrometheus(target: string, token: string, ruleFiles: string[] = []): Promise<Prometheus> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "prometheus-test-"));
  const port = await freePort();
  writeFileSync(
    path.join(dir, "prometheus.yml"),
    JSON.stringify({
      global: { scrape_interval: "1s", evaluation_interval: "1s" },
      rule_files: ruleFiles,
      scrape_configs: [
        {
          job_name: "portal",
          scrape_interval: "1s",
          scrape_timeout: "1s",
          authorization: { type: "Bearer", credentials: token },
          static_configs: [{ targets: [target] }],
        },
      ],
    }),
  );
  let output = "";
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(dir, "prometheus.yml")}`,
      `--storage.tsdb.path=${path.join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=warn",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const api = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited:\n${output}`);
    const ready = await fetch(`${api}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`prometheus did not get ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    async query(promql) {
      const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const answer = (await res.json()) as {
        status: string;
        error?: string;
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (answer.status !== "success") throw new Error(`query ${promql}: ${answer.error}`);
      return answer.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
