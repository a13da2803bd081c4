import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderAt } from "../test/render";
import { type Column, DataTable, PHONE_QUERY } from "./data-table";
import { rowActionsColumn } from "./row-actions";

interface Person {
  id: string;
  name: string;
  city: string;
  age: number;
}

const columns: Column<Person>[] = [
  { key: "name", title: "Nome", text: (p) => p.name, sortable: true, render: (p) => p.name },
  { key: "city", title: "Cidade", text: (p) => p.city, render: (p) => p.city },
  { key: "age", title: "Idade", text: (p) => p.age, sortable: true, render: (p) => String(p.age) },
];

function show(records: Person[] | undefined, loading = false) {
  renderAt(
    <DataTable caption="Pessoas" records={records} loading={loading} columns={columns} rowKey={(p) => p.id} />,
    "/admin",
  );
}

const bodyRows = () => within(screen.getByRole("table")).getAllByRole<HTMLTableRowElement>("row").slice(1);
const people: Person[] = [
  { id: "1", name: "João Manuel", city: "Luanda", age: 30 },
  { id: "2", name: "Ana Lúcia", city: "Benguela", age: 25 },
  { id: "3", name: "Carlos Neto", city: "Huambo", age: 41 },
];

// Typing re-renders the table per key: with six test runs sharing two cores, 5 s is too tight.
const SLOW = { timeout: 20_000 };

describe("DataTable", SLOW, () => {
  it("shows 5 skeleton rows while loading", () => {
    show(undefined, true);
    expect(screen.getAllByTestId("skeleton-row")).toHaveLength(5);
  });

  it("says 'Nenhum registro encontrado' for an empty list", () => {
    show([]);
    expect(screen.getByText("Nenhum registro encontrado")).toBeTruthy();
  });

  it("searches every visible column ignoring case and accents, never across two cells", async () => {
    show(people);
    const search = screen.getByLabelText("Pesquisar");
    await userEvent.type(search, "JOAO");
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]!.textContent).toContain("João Manuel");
    await userEvent.clear(search);
    await userEvent.type(search, "benguela");
    expect(bodyRows()[0]!.textContent).toContain("Ana Lúcia");
    await userEvent.clear(search);
    await userEvent.type(search, "netohuambo");
    expect(screen.getByText("Nenhum registro encontrado")).toBeTruthy();
  });

  it("sorts by a column, ascending then descending", async () => {
    show(people);
    await userEvent.click(screen.getByRole("button", { name: "Idade" }));
    expect(bodyRows().map((r) => r.cells[2]!.textContent)).toEqual(["25", "30", "41"]);
    expect(screen.getByRole("columnheader", { name: "Idade" }).getAttribute("aria-sort")).toBe("ascending");
    await userEvent.click(screen.getByRole("button", { name: "Idade" }));
    expect(bodyRows().map((r) => r.cells[2]!.textContent)).toEqual(["41", "30", "25"]);
  });

  it("pages long lists 20 rows at a time", async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ id: `${i}`, name: `Pessoa ${i}`, city: "Luanda", age: i }));
    show(many);
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByText("45 registros")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Página 3" }));
    expect(bodyRows()).toHaveLength(5);
    await userEvent.click(screen.getByRole("button", { name: "Página anterior" }));
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByRole("button", { name: "Página 2" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("button", { name: "Página seguinte" })).toBeTruthy();
  });
});

describe("DataTable on a phone", SLOW, () => {
  const desktopMatchMedia = window.matchMedia;
  beforeEach(() => {
    // A 390 px screen: the mobile-breakpoint query matches.
    window.matchMedia = (query: string) => ({ ...desktopMatchMedia(query), matches: query === PHONE_QUERY });
  });
  afterEach(() => {
    window.matchMedia = desktopMatchMedia;
  });

  const withActions: Column<Person>[] = [
    ...columns,
    rowActionsColumn<Person>((p) => p.name, { view: () => {}, edit: () => {}, delete: () => {} }),
  ];
  const showCards = (records: Person[] | undefined, loading = false) =>
    renderAt(
      <DataTable caption="Pessoas" records={records} loading={loading} columns={withActions} rowKey={(p) => p.id} />,
      "/admin",
    );
  const cards = () => within(screen.getByRole("list", { name: "Pessoas" })).getAllByRole("listitem");

  it("shows each row as a card: the first column as its title, the others as labels and values, and its actions", () => {
    showCards(people);
    expect(screen.queryByRole("table")).toBeNull();
    expect(cards()).toHaveLength(3);
    const ana = cards()[1]!;
    expect(ana.firstElementChild!.textContent).toContain("Ana Lúcia");
    const fields = within(ana)
      .getAllByRole("term")
      .map((t) => `${t.textContent}: ${t.nextElementSibling!.textContent}`);
    expect(fields).toEqual(["Cidade: Benguela", "Idade: 25"]);
    for (const action of ["Ver", "Editar", "Excluir"]) {
      expect(within(ana).getByRole("button", { name: `${action} Ana Lúcia` })).toBeTruthy();
    }
    // One layout only: every button exists once.
    expect(screen.getAllByRole("button", { name: "Editar Ana Lúcia" })).toHaveLength(1);
  });

  it("shows 5 skeleton cards while loading and 'Nenhum registro encontrado' for an empty list", () => {
    const { unmount } = showCards(undefined, true);
    expect(screen.getAllByTestId("skeleton-row")).toHaveLength(5);
    unmount();
    showCards([]);
    expect(screen.getByText("Nenhum registro encontrado")).toBeTruthy();
  });

  it("searches the cards and sorts them with the 'Ordenar por' select", async () => {
    showCards(people);
    const titles = () => cards().map((c) => c.firstElementChild!.textContent);
    await userEvent.selectOptions(screen.getByLabelText("Ordenar por"), "Idade (decrescente)");
    expect(titles()).toEqual(["Carlos Neto", "João Manuel", "Ana Lúcia"]);
    await userEvent.selectOptions(screen.getByLabelText("Ordenar por"), "Nome (crescente)");
    expect(titles()).toEqual(["Ana Lúcia", "Carlos Neto", "João Manuel"]);
    expect(screen.queryByRole("option", { name: /^Cidade/ })).toBeNull(); // not a sortable column
    await userEvent.type(screen.getByLabelText("Pesquisar"), "huambo");
    expect(titles()).toEqual(["Carlos Neto"]);
  });

  it("pages the cards 20 at a time", async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ id: `${i}`, name: `Pessoa ${i}`, city: "Luanda", age: i }));
    showCards(many);
    expect(cards()).toHaveLength(20);
    expect(screen.getByText("45 registros")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Página 3" }));
    expect(cards()).toHaveLength(5);
  });
});
