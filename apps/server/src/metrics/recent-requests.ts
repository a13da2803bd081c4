/**
 * The last hour's requests of this instance, per minute, for 'Estado do sistema' (decision 098): each
 * minute's count and its answer times in the histogram's buckets, so the hour's p95 is computed as
 * Prometheus' histogram_quantile computes it. 60 slots, overwritten as minutes pass: no timer.
 */
export function recentRequests(buckets: readonly number[], now: () => number = Date.now) {
  const MINUTES = 60;
  const slots = Array.from({ length: MINUTES }, () => ({
    minute: -1,
    count: 0,
    le: new Array<number>(buckets.length + 1).fill(0),
  }));
  const minuteNow = () => Math.floor(now() / 60_000);

  function slotOf(minute: number) {
    const slot = slots[minute % MINUTES]!;
    if (slot.minute !== minute) {
      slot.minute = minute;
      slot.count = 0;
      slot.le.fill(0);
    }
    return slot;
  }

  return {
    observe(seconds: number) {
      const slot = slotOf(minuteNow());
      slot.count++;
      const at = buckets.findIndex((upper) => seconds <= upper);
      slot.le[at === -1 ? buckets.length : at]!++;
    },

    /** Counts of the last 60 minutes, oldest first, and the p95 over them (null without requests). */
    lastHour(): { perMinute: number[]; p95Seconds: number | null } {
      const current = minuteNow();
      const perMinute: number[] = [];
      const inBucket = new Array<number>(buckets.length + 1).fill(0);
      for (let minute = current - MINUTES + 1; minute <= current; minute++) {
        const slot = slots[minute % MINUTES]!;
        const kept = slot.minute === minute;
        perMinute.push(kept ? slot.count : 0);
        if (!kept) continue;
        for (let i = 0; i < inBucket.length; i++) inBucket[i]! += slot.le[i]!;
      }
      return { perMinute, p95Seconds: quantile(0.95, buckets, inBucket) };
    },
  };
}

/** histogram_quantile: linear within the bucket the rank falls in; the last finite bound past the top bucket. */
function quantile(q: number, buckets: readonly number[], inBucket: number[]): number | null {
  const total = inBucket.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < buckets.length; i++) {
    const here = inBucket[i]!;
    if (below + here >= rank) {
      const lower = i === 0 ? 0 : buckets[i - 1]!;
      return lower + (buckets[i]! - lower) * ((rank - below) / here);
    }
    below += here;
  }
  return buckets.at(-1)!;
}
