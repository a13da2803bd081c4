import { afterEach, describe, expect, it, vi } from "vitest";
import { runPeriodically } from "./run-periodically";

afterEach(() => vi.useRealTimers());

describe("runPeriodically", () => {
  it("runs first after its delay, then at each interval, and never again once stopped", () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const job = runPeriodically(run, 1_000, 10_000);
    vi.advanceTimersByTime(999);
    expect(run).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9_000);
    expect(run).toHaveBeenCalledTimes(2); // the interval counts from the start: at 10 s
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(3);
    job.stop();
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(3);
  });
});
