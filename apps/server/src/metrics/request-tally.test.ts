import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { requestTally } from "./request-tally";

describe("the request tally (decision 098)", () => {
  it("exports cumulative buckets, the sum and the count per route and method, whatever the status class", async () => {
    const tally = requestTally([0.1, 1]);
    tally.observe("/api/courses/catalog", "GET", "2xx", 0.05);
    tally.observe("/api/courses/catalog", "GET", "2xx", 0.1);
    tally.observe("/api/courses/catalog", "GET", "5xx", 0.5);
    tally.observe("/api/courses/catalog", "GET", "2xx", 3);
    tally.observe("/api/admin/enrollments", "POST", "4xx", 0.2);
    const registry = new Registry();
    registry.registerMetric(tally.counter as never);
    registry.registerMetric(tally.histogram as never);
    const text = await registry.metrics();
    const catalogue = 'route="/api/courses/catalog",method="GET"';
    expect(text).toContain(`http_requests_total{${catalogue},status="2xx"} 3`);
    expect(text).toContain(`http_requests_total{${catalogue},status="5xx"} 1`);
    expect(text).toContain(`http_request_duration_seconds_bucket{${catalogue},le="0.1"} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket{${catalogue},le="1"} 3`);
    expect(text).toContain(`http_request_duration_seconds_bucket{${catalogue},le="+Inf"} 4`);
    expect(text).toContain(`http_request_duration_seconds_sum{${catalogue}} 3.65`);
    expect(text).toContain(`http_request_duration_seconds_count{${catalogue}} 4`);
    expect(text).toContain('http_request_duration_seconds_count{route="/api/admin/enrollments",method="POST"} 1');
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE http_requests_total counter");
  });
});
