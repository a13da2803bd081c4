import type { Config } from "../../config";
import type { Logger } from "../../logger";
import type { SmsProvider } from "./provider/sms-provider";
import { createTwilioProvider } from "./provider/twilio";
import { createSmsJobs, SMS_JOB_SETTINGS, type SmsJobSettings, type SmsJobs } from "./sms-jobs";

/** SMS to students when configured (decision 092): the provider, the queue of its messages, and where callbacks go. */
export interface Sms {
  provider: SmsProvider;
  jobs: SmsJobs;
  /** The status callback URL given to the provider with each message (and signed by it). */
  statusCallbackUrl: string;
}

/** The status route's path under /api. */
export const SMS_STATUS_PATH = "/sms/status";

/** undefined when SMS_PROVIDER is unset: no SMS is sent and nothing else changes. */
export function createSms(
  config: Pick<Config, "sms" | "baseUrl">,
  deps: { databaseUrl: string; log: Logger },
  settings: SmsJobSettings = SMS_JOB_SETTINGS,
): Sms | undefined {
  if (!config.sms) return undefined;
  return {
    provider: createTwilioProvider(config.sms, { timeoutMs: settings.sendTimeoutMs }),
    jobs: createSmsJobs(deps, settings),
    statusCallbackUrl: `${config.baseUrl}/api${SMS_STATUS_PATH}`,
  };
}
