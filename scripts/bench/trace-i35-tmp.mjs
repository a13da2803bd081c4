// scratch: a Chromium trace of a signed-in screen, top-level main-thread work by kind
import { chromium } from "@playwright/test";
import { startBenchServer } from "./server.mjs";
import { staffSession, studentSession } from "./signed-in.mjs";
const screens = process.argv.slice(2);
const server = await startBenchServer({ demoData: true });
try {
  const staffCookie = await staffSession(server);
  const studentCookie = await studentSession({ base: server.base, staffCookie });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  for (const screen of screens) {
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const cookie = screen.startsWith("/aluno") ? studentCookie : staffCookie;
    await ctx.setExtraHTTPHeaders({ Cookie: cookie });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await browser.startTracing(page, { categories: ["devtools.timeline", "v8.execute", "disabled-by-default-devtools.timeline", "blink.user_timing"] });
    await page.goto(server.base + screen, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    const buf = await browser.stopTracing();
    const { profile } = await cdp.send("Profiler.stop");
    const dt = {}; for (let i = 0; i < profile.samples.length; i++) dt[profile.samples[i]] = (dt[profile.samples[i]] ?? 0) + profile.timeDeltas[i] / 1000;
    const byUrl = {}, byFn = {};
    for (const n of profile.nodes) { const t = dt[n.id] ?? 0; if (!t) continue; const u = n.callFrame.url.replace(server.base, "") || "(" + n.callFrame.functionName + ")"; byUrl[u] = (byUrl[u] ?? 0) + t; const f = u + " " + n.callFrame.functionName + ":" + n.callFrame.lineNumber + ":" + n.callFrame.columnNumber; byFn[f] = (byFn[f] ?? 0) + t; }
    console.log("  self by url:", Object.entries(byUrl).sort((a,b)=>b[1]-a[1]).slice(0,14).map(([k,v])=>`${k} ${v.toFixed(0)}`).join(" | "));
    console.log("  self by fn:", Object.entries(byFn).sort((a,b)=>b[1]-a[1]).slice(0,20).map(([k,v])=>`${k} ${v.toFixed(0)}`).join("\n    "));
    const events = JSON.parse(buf.toString()).traceEvents;
    const main = events.find((e) => e.name === "thread_name" && e.args.name === "CrRendererMain");
    const mine = events.filter((e) => e.tid === main.tid && e.pid === main.pid && e.ph === "X" && e.dur);
    const tasks = mine.filter((e) => e.name === "RunTask");
    const kinds = {};
    for (const t of tasks) {
      const kids = mine.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.name !== "RunTask");
      // top child by duration
      const top = kids.sort((a, b) => b.dur - a.dur)[0];
      let k = top ? top.name : "(none)";
      if (top?.args?.data?.url) k += " " + top.args.data.url.replace(server.base, "");
      if (top?.args?.data?.functionName) k += " " + top.args.data.functionName;
      kinds[k] = (kinds[k] ?? 0) + t.dur / 1000;
    }
    const t0 = events.find((e) => e.name === "navigationStart")?.ts ?? tasks[0].ts;
    for (const t of tasks.filter((t) => t.dur > 20000)) {
      const kids = mine.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.name !== "RunTask");
      const agg = {};
      for (const e of kids) if (["v8.evaluateModule","FunctionCall","UpdateLayoutTree","Layout","ParseHTML","v8.compileModule","ParseAuthorStyleSheet","TimerFire","EventDispatch","Paint","MinorGC","RunMicrotasks"].includes(e.name)) agg[e.name] = (agg[e.name] ?? 0) + e.dur / 1000;
      const lay = kids.filter((e) => e.name === "Layout" || e.name === "UpdateLayoutTree").map((e) => e.args?.beginData?.stackTrace?.[0]?.functionName).filter(Boolean);
      console.log(`  @${((t.ts - t0) / 1000).toFixed(0)} ${(t.dur / 1000).toFixed(0)}ms`, JSON.stringify(Object.fromEntries(Object.entries(agg).map(([k, v]) => [k, Math.round(v)]))), lay.slice(0,3).join(","));
    }
    const paints = events.filter((e) => ["firstContentfulPaint","largestContentfulPaint::Candidate"].includes(e.name)).map((e) => `${e.name} @${((e.ts - t0)/1000).toFixed(0)}`);
    console.log("  ", paints.join(" | "));
    const total = tasks.reduce((n, t) => n + t.dur / 1000, 0);
    console.log(`== ${screen}: ${tasks.length} tasks, ${total.toFixed(0)} ms (CPU ×4)`);
    for (const [k, v] of Object.entries(kinds).sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${v.toFixed(0)} ${k}`);
    const byName = {};
    for (const e of mine) if (["EvaluateScript","v8.compile","v8.compileModule","v8.evaluateModule","FunctionCall","UpdateLayoutTree","Layout","ParseHTML","ParseAuthorStyleSheet","MinorGC","MajorGC","V8.GC_SCAVENGER","Paint","PrePaint","TimerFire","v8.run","EventDispatch","XHRReadyStateChange"].includes(e.name)) byName[e.name]=(byName[e.name]??0)+e.dur/1000;
    console.log("  by event:", JSON.stringify(Object.fromEntries(Object.entries(byName).map(([k,v])=>[k,Math.round(v)]))));
    await ctx.close();
  }
  await browser.close();
} finally {
  await server.stop();
}
