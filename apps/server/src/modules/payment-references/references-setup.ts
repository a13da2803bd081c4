import type { Config } from "../../config";
import type { Logger } from "../../logger";
import { createProxyPayProvider } from "./provider/proxypay";
import type { ReferenceProvider } from "./provider/reference-provider";
import { createReferenceJobs, type ReferenceJobSettings, type ReferenceJobs } from "./reference-jobs";

/** Multicaixa references when configured (decision 075): the provider and the durable queue of its calls. */
export interface PaymentReferences {
  provider: ReferenceProvider;
  jobs: ReferenceJobs;
}

/** undefined when PROXYPAY_* are unset: references are off, the bank-transfer flow stays as it is. */
export function createPaymentReferences(
  config: Pick<Config, "proxyPay">,
  deps: { databaseUrl: string; log: Logger },
  settings?: ReferenceJobSettings,
): PaymentReferences | undefined {
  if (!config.proxyPay) return undefined;
  return {
    provider: createProxyPayProvider(config.proxyPay),
    jobs: createReferenceJobs(deps, settings),
  };
}
