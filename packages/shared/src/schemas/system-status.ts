import { z } from "../zod";

/** A backup older than this is shown as a warning on 'Estado do sistema' (and alerted on, decision 098). */
export const BACKUP_WARNING_HOURS = 48;

/**
 * GET /admin/system-status (super_admin): the figures /metrics gives Prometheus, read at the same moment,
 * for a person without Prometheus (decision 098). Requests are this instance's, since it started.
 */
export const systemStatusSchema = z.object({
  generatedAt: z.string(),
  requests: z.object({
    /** Requests answered in each of the last 60 minutes, oldest first (the current minute last). */
    perMinute: z.array(z.number().int()),
    /** The last hour's 95th percentile answer time; null without requests. */
    p95Seconds: z.number().nullable(),
  }),
  /** Each job queue (mail, payment references, sms): jobs waiting and jobs that used all their tries. */
  queues: z.array(z.object({ queue: z.string(), waiting: z.number().int(), failed: z.number().int() })),
  /** Multicaixa references: whether they are on here, and the last successful poll of any instance. */
  proxyPay: z.object({ enabled: z.boolean(), lastPollAt: z.string().nullable() }),
  /** The last `npm run backup` that finished; overdue past BACKUP_WARNING_HOURS (or never). */
  backup: z.object({ lastAt: z.string().nullable(), overdue: z.boolean() }),
  database: z.object({
    sizeBytes: z.number(),
    /** Connections to this database from every instance and tool, and the server's limit. */
    connections: z.number().int(),
    maxConnections: z.number().int(),
    /** This instance's request pool. */
    pool: z.object({ inUse: z.number().int(), idle: z.number().int(), waiting: z.number().int() }),
  }),
  /** Free and total space of the disk the files are stored on; null when they are in an S3 bucket. */
  disk: z.object({ freeBytes: z.number(), totalBytes: z.number() }).nullable(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
