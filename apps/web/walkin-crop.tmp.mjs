import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const [src, out, w, h, y = "0"] = process.argv.slice(2);
writeFileSync(
  "/tmp/walkin-crop.html",
  `<html><body style="margin:0"><img src="file://${src}" style="display:block;margin-top:-${y}px"></body></html>`,
);
const b = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--allow-file-access-from-files"],
});
const p = await b.newPage({ viewport: { width: Number(w), height: Number(h) } });
await p.goto("file:///tmp/walkin-crop.html");
await p.screenshot({ path: out });
await b.close();
