import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useDeleteCourse, useSaveCourse } from "./admin-courses";
import { loadCatalog } from "./catalog";

afterEach(() => vi.restoreAllMocks());

const course = (name: string) => ({
  id: "c1",
  name,
  description: null,
  area: null,
  modality: null,
  durationMonths: 2,
  workloadHours: null,
  price: 45000,
  featured: false,
  createdAt: "2026-11-01T10:00:00.000Z",
});
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const names = async () => (await loadCatalog()).map((c) => c.name);

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe("the public catalogue after the back office changes a course", () => {
  it("is read anew at once when a course is saved or deleted", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(answer([course("Excel")]));
    expect(await names()).toEqual(["Excel"]);
    expect(await names()).toEqual(["Excel"]); // one request for the screens that open together
    expect(fetch).toHaveBeenCalledTimes(1);

    const save = renderHook(() => useSaveCourse(), { wrapper });
    fetch.mockResolvedValueOnce(answer({ ...course("Excel Avançado"), status: "active" }));
    await act(() =>
      save.result.current.mutateAsync({
        id: "c1",
        input: { name: "Excel Avançado", durationMonths: 2, price: 45000, workloadHours: null },
      }),
    );
    fetch.mockResolvedValueOnce(answer([course("Excel Avançado")]));
    expect(await names()).toEqual(["Excel Avançado"]);

    const remove = renderHook(() => useDeleteCourse(), { wrapper });
    fetch.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await act(() => remove.result.current.mutateAsync("c1"));
    fetch.mockResolvedValueOnce(answer([]));
    expect(await names()).toEqual([]);
  });
});
