import { createHash, timingSafeEqual } from "node:crypto";
import type { AppHono } from "../http/env";
import type { Metrics } from "./metrics";

export const METRICS_PATH = "/metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /metrics for Prometheus (decision 098), on the app's own port but never public: without METRICS_TOKEN
 * it does not exist (404), and it answers only a request bearing that token (else 401).
 */
export function mountMetrics(app: AppHono, metrics: Metrics, token: string | undefined): void {
  app.get(METRICS_PATH, async (c) => {
    if (!token) return c.text("Não encontrado.", 404);
    const given = c.req.header("authorization")?.match(/^Bearer (.+)$/i)?.[1] ?? "";
    if (!timingSafeEqual(digest(given), digest(token))) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.text("Informe o token das métricas (METRICS_TOKEN) no cabeçalho Authorization: Bearer.", 401);
    }
    c.header("Cache-Control", "no-store");
    return c.body(await metrics.scrape(), 200, { "Content-Type": metrics.registry.contentType });
  });
}
