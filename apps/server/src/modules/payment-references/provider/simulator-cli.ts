import { startSimulator } from "./simulator";

/**
 * `npm run proxypay-sim`: the ProxyPay simulator on PROXYPAY_SIM_PORT (default 4010), with the key and
 * entity of PROXYPAY_API_KEY / PROXYPAY_ENTITY (dev defaults), posting webhooks to
 * PROXYPAY_SIM_WEBHOOK (default http://localhost:3000/api/payment-references/webhook).
 * Pay a reference: curl -X POST localhost:4010/_sim/pay -d '{"reference":"123456789"}'
 */
const sim = await startSimulator({
  apiKey: process.env.PROXYPAY_API_KEY ?? "simulador-proxypay-dev",
  entity: process.env.PROXYPAY_ENTITY ?? "99999",
  port: Number(process.env.PROXYPAY_SIM_PORT ?? 4010),
  webhookUrl: process.env.PROXYPAY_SIM_WEBHOOK ?? "http://localhost:3000/api/payment-references/webhook",
});
console.log(`ProxyPay simulator on ${sim.url} (pay: POST ${sim.url}/_sim/pay {"reference":"…"})`);
const stop = () => void sim.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
