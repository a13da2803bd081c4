// `npm run dev`: the API with reload (tsx watch) on :3000 and the Vite dev server on :5173 (open that one).
import { spawn } from "node:child_process";
import { root } from "./ensure-built.mjs";

const env = { ...process.env, BASE_URL: process.env.BASE_URL ?? "http://localhost:5173" };
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/main.ts"], {
    cwd: `${root}/apps/server`,
    stdio: "inherit",
    env: { ...env, DATA_DIR: process.env.DATA_DIR ?? `${root}/data` },
  }),
  spawn("npx", ["vite", "--host", "127.0.0.1"], { cwd: `${root}/apps/web`, stdio: "inherit", env }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children) child.on("exit", (code) => code && stop("SIGTERM"));
