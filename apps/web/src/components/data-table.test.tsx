import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../test/render";
import { type Column, DataTable } from "./data-table";

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

describe("DataTable", () => {
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
    expect(screen.getByText("45 registos")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "3" }));
    expect(bodyRows()).toHaveLength(5);
  });
});
