/**
 * The HTTP request counter and latency histogram, counted in plain numbers per (route, method, status
 * class) and handed to prom-client's registry only when scraped. prom-client's own `inc()` and `observe()`
 * check and hash the labels on every call, which on the cached catalogue (~30 µs a request here) cost
 * ~10 % of the throughput; a Map lookup and three additions cost next to nothing (decision 098's bench).
 */
interface Tally {
  route: string;
  method: string;
  status: string;
  count: number;
  sum: number;
  /** Answers per bucket, not cumulative; the last one past the top bound. */
  inBucket: number[];
}

interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

export function requestTally(buckets: readonly number[]) {
  const tallies = new Map<string, Tally>();

  /** The shape prom-client's registry reads from any registered metric. */
  const metric = (name: string, help: string, type: "counter" | "histogram", values: () => Sample[]) => ({
    name,
    help,
    type,
    aggregator: "sum" as const,
    get: () => ({ name, help, type, aggregator: "sum" as const, values: values() }),
    reset: () => tallies.clear(),
  });

  const counter = metric(
    "http_requests_total",
    "HTTP requests answered, by route template, method and status class",
    "counter",
    () =>
      [...tallies.values()].map((t) => ({
        labels: { route: t.route, method: t.method, status: t.status },
        value: t.count,
      })),
  );

  const histogram = metric(
    "http_request_duration_seconds",
    "Time from a request's arrival to its answer, by route template and method",
    "histogram",
    () => {
      const byRouteAndMethod = new Map<string, { route: string; method: string; sum: number; inBucket: number[] }>();
      for (const t of tallies.values()) {
        const key = `${t.route}\n${t.method}`;
        const merged = byRouteAndMethod.get(key) ?? {
          route: t.route,
          method: t.method,
          sum: 0,
          inBucket: new Array<number>(buckets.length + 1).fill(0),
        };
        merged.sum += t.sum;
        t.inBucket.forEach((n, i) => {
          merged.inBucket[i]! += n;
        });
        byRouteAndMethod.set(key, merged);
      }
      const samples: Sample[] = [];
      for (const { route, method, sum, inBucket } of byRouteAndMethod.values()) {
        let cumulative = 0;
        inBucket.forEach((n, i) => {
          cumulative += n;
          const le = i < buckets.length ? buckets[i]! : "+Inf";
          samples.push({
            metricName: "http_request_duration_seconds_bucket",
            labels: { route, method, le },
            value: cumulative,
          });
        });
        samples.push({ metricName: "http_request_duration_seconds_sum", labels: { route, method }, value: sum });
        samples.push({
          metricName: "http_request_duration_seconds_count",
          labels: { route, method },
          value: cumulative,
        });
      }
      return samples;
    },
  );

  return {
    counter,
    histogram,
    /** Counts one answered request; `method` and `status` already bounded by the caller. */
    observe(route: string, method: string, status: string, seconds: number) {
      const key = `${route}\n${method}\n${status}`;
      let tally = tallies.get(key);
      if (!tally) {
        tally = { route, method, status, count: 0, sum: 0, inBucket: new Array<number>(buckets.length + 1).fill(0) };
        tallies.set(key, tally);
      }
      tally.count++;
      tally.sum += seconds;
      let at = 0;
      while (at < buckets.length && seconds > buckets[at]!) at++;
      tally.inBucket[at]!++;
    },
  };
}
