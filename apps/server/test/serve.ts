import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { TestContext } from "./context";

/** The context's app served over HTTP on a random port (a real socket, for a provider simulator's callbacks). */
export async function serveOnRandomPort(app: TestContext["app"]) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
