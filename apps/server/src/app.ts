import { paymentReferenceEndpoints } from "@app/shared/contract/payment-references";
import { smsEndpoints } from "@app/shared/contract/sms";
import { MALFORMED_REQUEST, NOT_FOUND } from "@app/shared/messages";
import { UNEXPECTED_ERROR } from "@app/shared/request-messages";
import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { originCheck } from "./auth/csrf";
import { PasswordQueueFullError } from "./auth/password-hashing";
import { isDatabaseUnavailable, rootCause } from "./db/pg-errors";
import { jsonBodyLimit } from "./http/body-limit";
import { apiCompression } from "./http/compression";
import { mountCrawlerFiles } from "./http/crawler-files";
import type { AppDeps, AppEnv } from "./http/env";
import { ApiError, crowdedAnswer, databaseUnavailable, sendError, storageUnavailable } from "./http/errors";
import { requestContext } from "./http/request-context";
import { routeTemplate } from "./http/route-template";
import { securityHeaders } from "./http/security-headers";
import { mountSpa } from "./http/static";
import { createMetrics } from "./metrics/metrics";
import { mountMetrics } from "./metrics/metrics.routes";
import { bankStatementRoutes } from "./modules/bank-statements/bank-statements.routes";
import { statementUndoRoutes } from "./modules/bank-statements/statement-undo.routes";
import { certificateAdminRoutes, certificateRoutes } from "./modules/certificates/certificates.routes";
import { CREDENTIAL_VERIFICATION_PATH, verifyRoutes } from "./modules/certificates/verify.routes";
import { classRoutes } from "./modules/classes/classes.routes";
import { courseAdminRoutes } from "./modules/courses/courses.admin.routes";
import { courseRoutes } from "./modules/courses/courses.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { dataExportRoutes } from "./modules/data-export/data-export.routes";
import { dataImportRoutes } from "./modules/data-import/data-import.routes";
import { enrollmentRoutes } from "./modules/enrollments/enrollments.routes";
import { fileRoutes } from "./modules/files/files.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { mailRoutes } from "./modules/mail/mail.routes";
import {
  paymentReferenceAdminRoutes,
  paymentReferenceRoutes,
} from "./modules/payment-references/payment-references.routes";
import { paymentRoutes } from "./modules/payments/payments.routes";
import { privacyAdminRoutes, privacyRoutes } from "./modules/privacy/privacy.routes";
import { receiptAdminRoutes, receiptRoutes } from "./modules/receipts/receipts.routes";
import { settingsRoutes } from "./modules/settings/settings.routes";
import { signInRoutes } from "./modules/sign-in/sign-in.routes";
import { smsRoutes } from "./modules/sms/sms.routes";
import { studentAccountAdminRoutes } from "./modules/student-accounts/student-accounts.admin.routes";
import { studentAccountRoutes } from "./modules/student-accounts/student-accounts.routes";
import { systemStatusRoutes } from "./modules/system-status/system-status.routes";
import { teacherRoutes } from "./modules/teachers/teachers.routes";
import { teachingRoutes } from "./modules/teaching/teaching.routes";
import { twoFactorRoutes } from "./modules/two-factor/two-factor.routes";
import { userRoutes } from "./modules/users/users.routes";
import { StorageUnavailableError } from "./storage/storage";

export interface AppOptions {
  /** Folder of the built SPA; omitted in API-only tests. */
  webDist?: string;
  /** Every success answer is checked against its endpoint's shared schema (server tests turn this on). */
  checkAnswers?: boolean;
}

/** Builds the whole HTTP app without listening: main.ts serves it, tests call app.request(). */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = new OpenAPIHono<AppEnv>();

  const metrics = createMetrics(deps);
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("log", deps.log);
    c.set("metrics", metrics);
    c.set("checkAnswers", options.checkAnswers === true);
    await next();
  });
  // Every log line of the request carries its id, route template and user (logger.ts, decision 098).
  app.use("*", requestContext());
  app.use("*", securityHeaders(deps.config));
  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    if (deps.config.countRequests) metrics.observe(routeTemplate(c), c.req.method, c.res.status, seconds);
    if (c.req.path.startsWith("/api/")) {
      deps.log.info({ method: c.req.method, status: c.res.status, ms: Math.round(seconds * 1000) }, "request");
    }
  });

  app.use("/api/*", apiCompression());
  app.use(
    "/api/*",
    jsonBodyLimit([
      `/api${CREDENTIAL_VERIFICATION_PATH}`,
      `/api${paymentReferenceEndpoints.webhook.path}`,
      `/api${smsEndpoints.status.path}`,
    ]),
  );
  app.use("/api/*", originCheck());
  app.route("/api", healthRoutes);
  app.route("/api", signInRoutes);
  app.route("/api", courseRoutes);
  app.route("/api", courseAdminRoutes);
  app.route("/api", teacherRoutes);
  app.route("/api", classRoutes);
  app.route("/api", dashboardRoutes);
  app.route("/api", studentAccountRoutes);
  app.route("/api", studentAccountAdminRoutes);
  app.route("/api", userRoutes);
  app.route("/api", twoFactorRoutes);
  app.route("/api", enrollmentRoutes);
  app.route("/api", receiptRoutes);
  app.route("/api", receiptAdminRoutes);
  app.route("/api", paymentRoutes);
  app.route("/api", paymentReferenceRoutes);
  app.route("/api", paymentReferenceAdminRoutes);
  app.route("/api", bankStatementRoutes);
  app.route("/api", statementUndoRoutes);
  app.route("/api", dataImportRoutes);
  app.route("/api", dataExportRoutes);
  app.route("/api", settingsRoutes);
  app.route("/api", privacyRoutes);
  app.route("/api", privacyAdminRoutes);
  app.route("/api", teachingRoutes);
  app.route("/api", mailRoutes);
  app.route("/api", smsRoutes);
  app.route("/api", systemStatusRoutes);
  app.route("/api", certificateRoutes);
  app.route("/api", certificateAdminRoutes);
  app.route("/api", verifyRoutes);
  app.route("/api", fileRoutes);

  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Instituto — API do portal", version: "1.0.0" },
  });

  app.all("/api/*", (c) => sendError(c, ApiError.of(404, NOT_FOUND)));

  app.onError((err, c) => {
    if (err instanceof ApiError) return sendError(c, err);
    if (err instanceof PasswordQueueFullError) return sendError(c, crowdedAnswer(err.retryAfterSeconds));
    if (err instanceof HTTPException && err.status < 500) {
      return sendError(c, ApiError.of(err.status, MALFORMED_REQUEST));
    }
    // Before the database's check: a bucket's socket error (ECONNREFUSED) would read as the database's.
    if (err instanceof StorageUnavailableError) {
      c.get("log")?.warn({ operation: err.operation, cause: rootCause(err) }, "file storage unavailable");
      return sendError(c, storageUnavailable(err.operation));
    }
    if (isDatabaseUnavailable(err)) {
      // The driver's words only: drizzle's own message quotes the query's parameters.
      c.get("log")?.warn({ cause: rootCause(err) }, "database unavailable");
      return sendError(c, databaseUnavailable());
    }
    c.get("log")?.error({ err }, "unhandled error");
    return sendError(c, ApiError.of(500, UNEXPECTED_ERROR));
  });

  mountMetrics(app, metrics, deps.config.metricsToken);
  mountCrawlerFiles(app);
  if (options.webDist) mountSpa(app, options.webDist);
  return app;
}

export type App = ReturnType<typeof createApp>;
