// expect: server-not-to-web
// The server reaching the web app through a `..` walk, so the string never reads "web/src".
import { formatKz } from "../../../../web/e2e/../src/lib/money";

export const reportTotal = (value: number) => formatKz(value);
