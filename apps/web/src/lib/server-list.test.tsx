import { QueryClient, QueryObserver, queryOptions } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type Column, DataTable } from "../components/data-table";
import { renderAt } from "../test/render";
import { refreshAfterChange, type ServerListPage, type ServerListParams, useServerList } from "./server-list";

interface Person {
  id: string;
  name: string;
}
type Params = ServerListParams<"name", { city?: string | undefined }>;

const people: Person[] = Array.from({ length: 45 }, (_, i) => ({ id: `p${i + 1}`, name: `Pessoa ${i + 1}` }));

/**
 * A list source standing for the server: it records each query it is asked and answers the page of
 * `people` whose name contains `q`; `hold` keeps the answers back until released.
 */
function source() {
  const asked: Params[] = [];
  let release: (() => void) | null = null;
  const gate = { hold: false };
  const queryOf = (params: Params) =>
    queryOptions({
      queryKey: ["people", params],
      queryFn: async (): Promise<ServerListPage<Person>> => {
        asked.push(params);
        if (gate.hold) await new Promise<void>((r) => (release = r));
        const found = people.filter((p) => !params.q || p.name.includes(params.q));
        const rows = found.slice((params.page - 1) * params.pageSize, params.page * params.pageSize);
        return { rows: params.dir === "desc" ? rows.reverse() : rows, total: found.length, ...params };
      },
    });
  return { asked, queryOf, gate, release: () => release?.() };
}

const columns: Column<Person>[] = [{ key: "name", title: "Nome", sortable: true, render: (p) => p.name }];

function People({ queryOf }: { queryOf: (params: Params) => ReturnType<ReturnType<typeof source>["queryOf"]> }) {
  const list = useServerList(queryOf, { city: undefined as string | undefined });
  return (
    <>
      <button type="button" onClick={() => list.setFilters({ city: "Luanda" })}>
        Só Luanda
      </button>
      <DataTable
        caption="Pessoas"
        records={list.data}
        loading={list.isPending}
        columns={columns}
        rowKey={(p) => p.id}
        server={list.table}
      />
    </>
  );
}

const names = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((r) => r.textContent);

describe("useServerList with DataTable's server mode", { timeout: 20_000 }, () => {
  it("asks once per pause in typing, from page 1, and pages through the server's total", async () => {
    const s = source();
    renderAt(<People queryOf={s.queryOf} />, "/pessoas");
    await waitFor(() => expect(names()).toHaveLength(20));
    expect(s.asked).toEqual([{ page: 1, pageSize: 20, city: undefined }]);
    expect(screen.getByText("45 registros")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Página 3" }));
    await waitFor(() => expect(names()).toEqual(["Pessoa 41", "Pessoa 42", "Pessoa 43", "Pessoa 44", "Pessoa 45"]));

    await userEvent.type(screen.getByLabelText("Pesquisar"), "Pessoa 1");
    await waitFor(() => expect(names()).toHaveLength(11));
    // One request for the whole word, at page 1 (not page 3 of the new search, not one per key).
    expect(s.asked.slice(2)).toEqual([{ page: 1, pageSize: 20, q: "Pessoa 1", city: undefined }]);
  });

  it("sorts on the server, resets the page on a new filter, and keeps the shown page while the next loads", async () => {
    const s = source();
    renderAt(<People queryOf={s.queryOf} />, "/pessoas");
    await waitFor(() => expect(names()).toHaveLength(20));

    await userEvent.click(screen.getByRole("button", { name: "Nome" }));
    await waitFor(() => expect(s.asked.at(-1)).toMatchObject({ sort: "name", dir: "asc" }));
    await userEvent.click(screen.getByRole("button", { name: "Nome" }));
    await waitFor(() => expect(s.asked.at(-1)).toMatchObject({ sort: "name", dir: "desc" }));

    await userEvent.click(screen.getByRole("button", { name: "Página 2" }));
    await waitFor(() => expect(s.asked.at(-1)).toMatchObject({ page: 2 }));
    s.gate.hold = true;
    await userEvent.click(screen.getByRole("button", { name: "Só Luanda" }));
    await waitFor(() => expect(s.asked.at(-1)).toMatchObject({ page: 1, city: "Luanda" }));
    // The previous page stays on screen (marked busy) until the answer comes.
    expect(names()).toHaveLength(20);
    expect(screen.getByRole("table").getAttribute("aria-busy")).toBe("true");
    s.release();
    await waitFor(() => expect(screen.getByRole("table").getAttribute("aria-busy")).toBeNull());
  });
});

describe("refreshAfterChange", () => {
  it("reads a list again after a change even when its first read, sent before the change, is still on the way", async () => {
    // The server's row: 'Pendente' until the change, 'Aprovado' after it.
    let status = "Pendente";
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    let reads = 0;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ["receipts", "admin", { q: "ana" }];
    // A search just typed: its page is shown (the observer) and its first read has no answer yet.
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: async () => {
        const seen = status;
        if (++reads === 1) await held;
        return seen;
      },
    });
    const stop = observer.subscribe(() => {});
    await waitFor(() => expect(reads).toBe(1));

    status = "Aprovado";
    const refreshed = refreshAfterChange(client, [["receipts", "admin"]]);
    release();
    await refreshed;
    await waitFor(() => expect(client.getQueryData(key)).toBe("Aprovado"));
    expect(reads).toBe(2);
    stop();
  });
});
