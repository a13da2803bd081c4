import { startSmsSimulator } from "./simulator";

/**
 * `npm run sms-sim`: the Twilio simulator on SMS_SIM_PORT (default 4020) with TWILIO_ACCOUNT_SID /
 * TWILIO_AUTH_TOKEN (dev defaults). Run the portal with SMS_PROVIDER=twilio, the same SID and token,
 * TWILIO_FROM=INSTITUTO and TWILIO_BASE_URL=http://localhost:4020. A number ending in 0003 is
 * undelivered, 0005 failed; GET /_sim/messages lists what was received.
 */
const sim = await startSmsSimulator({
  accountSid: process.env.TWILIO_ACCOUNT_SID ?? `AC${"0".repeat(32)}`,
  authToken: process.env.TWILIO_AUTH_TOKEN ?? "simulador-twilio-dev-token",
  port: Number(process.env.SMS_SIM_PORT ?? 4020),
  callbackDelayMs: Number(process.env.SMS_SIM_DELAY_MS ?? 1000),
});
console.log(`Twilio SMS simulator on ${sim.url} (messages: GET ${sim.url}/_sim/messages)`);
const stop = () => void sim.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
