// `npm run dev`: the API with reload (tsx watch) on :3000 and the Vite dev server on :5173 (open that one).
import { spawn } from "node:child_process";
import { root } from "./ensure-built.mjs";

// PROXYPAY_SIM=1: the ProxyPay simulator on :4010 too, and the server's Multicaixa references pointed at it.
const sim = ["1", "true", "yes", "on"].includes(process.env.PROXYPAY_SIM ?? "");
const simEnv = sim
  ? {
      PROXYPAY_API_KEY: process.env.PROXYPAY_API_KEY ?? "simulador-proxypay-dev",
      PROXYPAY_ENTITY: process.env.PROXYPAY_ENTITY ?? "99999",
      PROXYPAY_BASE_URL: "http://127.0.0.1:4010",
    }
  : {};
const env = { ...process.env, ...simEnv, BASE_URL: process.env.BASE_URL ?? "http://localhost:5173" };
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/main.ts"], {
    cwd: `${root}/apps/server`,
    stdio: "inherit",
    env: { ...env, DATA_DIR: process.env.DATA_DIR ?? `${root}/data` },
  }),
  spawn("npx", ["vite", "--host", "127.0.0.1"], { cwd: `${root}/apps/web`, stdio: "inherit", env }),
  ...(sim
    ? [
        spawn("npx", ["tsx", "apps/server/src/modules/payment-references/provider/simulator-cli.ts"], {
          cwd: root,
          stdio: "inherit",
          env,
        }),
      ]
    : []),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children) child.on("exit", (code) => code && stop("SIGTERM"));
