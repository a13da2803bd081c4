import { describe, expect, it } from "vitest";
import { recentRequests } from "./recent-requests";

describe("the last hour's requests ('Estado do sistema')", () => {
  it("counts per minute, forgets minutes over an hour old, and gives histogram_quantile's p95", () => {
    let now = Date.UTC(2026, 10, 28, 8, 0, 30);
    const recent = recentRequests([0.1, 0.5, 1], () => now);
    expect(recent.lastHour()).toEqual({ perMinute: new Array(60).fill(0), p95Seconds: null });
    for (let i = 0; i < 90; i++) recent.observe(0.05);
    for (let i = 0; i < 10; i++) recent.observe(0.3);
    now += 60_000;
    recent.observe(2); // past the last bucket
    const hour = recent.lastHour();
    expect(hour.perMinute.slice(-2)).toEqual([100, 1]);
    // Rank 95.95 of 101: in the 0.1–0.5 bucket (90 below it, 10 in it): 0.1 + 0.4 × 5.95/10.
    expect(hour.p95Seconds).toBeCloseTo(0.1 + 0.4 * 0.595, 6);
    now += 59 * 60_000; // the first minute is now 60 minutes ago
    expect(recent.lastHour().perMinute.reduce((a, b) => a + b, 0)).toBe(1);
    expect(recent.lastHour().p95Seconds).toBe(1);
  });
});
