/**
 * Runs `run` once `firstMs` after start, then every `everyMs`, on timers that never keep the process
 * alive (the server's jobs: polls, sweeps, retention). `stop()` clears both.
 */
export function runPeriodically(run: () => void, firstMs: number, everyMs: number) {
  const first = setTimeout(run, firstMs);
  const every = setInterval(run, everyMs);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
