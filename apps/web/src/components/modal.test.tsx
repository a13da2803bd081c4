import { Button, Title } from "@mantine/core";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { useRowDialog } from "../lib/row-dialog";
import { renderAt } from "../test/render";
import { type Column, DataTable } from "./data-table";
import { Modal } from "./modal";
import { DELETE_LOOK, NamedRowActions, VIEW_LOOK } from "./row-actions";

/**
 * Decision 087: a dialog returns focus to the control that opened it, or to the rule's nearest
 * equivalent when the list changed under it. The screen below is shaped like the admin lists: a table
 * whose row buttons open dialogs that mount open (a new key per opening), and a list the test changes as
 * a refetch would.
 */

interface Person {
  id: string;
  name: string;
  /** Whether the row offers 'Excluir' (an action a change can take away, as approving takes 'Aprovar'). */
  deletable: boolean;
}

const people: Person[] = [
  { id: "1", name: "Ana", deletable: true },
  { id: "2", name: "Bruno", deletable: true },
  { id: "3", name: "Carla", deletable: true },
];

/** What the list query would deliver next (a refetch). */
let deliver: (next: Person[]) => void = () => {};

function Screen({ nested = false }: { nested?: boolean }) {
  const [list, setList] = useState(people);
  deliver = setList;
  const viewing = useRowDialog();
  const deleting = useRowDialog();
  const columns: Column<Person>[] = [
    { key: "name", title: "Nome", text: (p) => p.name, render: (p) => p.name },
    {
      key: "actions",
      title: "Ações",
      render: (p) => (
        <NamedRowActions
          name={p.name}
          actions={p.deletable ? (["view", "delete"] as const) : (["view"] as const)}
          looks={{ view: VIEW_LOOK, delete: DELETE_LOOK }}
          onAction={(action) => (action === "view" ? viewing : deleting).open(p.id)}
        />
      ),
    },
  ];
  return (
    <>
      <Title order={1}>Pessoas</Title>
      <Button>Outro botão</Button>
      <DataTable caption="Pessoas" records={list} columns={columns} rowKey={(p) => p.id} />
      <Modal key={viewing.key} opened={viewing.opened} onClose={viewing.close} title="Detalhes">
        {nested ? <Inner /> : <p>Detalhes da pessoa</p>}
      </Modal>
      <Modal key={deleting.key} opened={deleting.opened} onClose={deleting.close} title="Excluir pessoa">
        <Button onClick={deleting.close}>Excluir</Button>
      </Modal>
    </>
  );
}

/** A confirmation opened from inside a dialog, whose opener the confirmed change removes. */
function Inner() {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <>
      {!done && <Button onClick={() => setAsking(true)}>Desativar</Button>}
      <Modal opened={asking} onClose={() => setAsking(false)} title="Confirmar">
        <Button
          onClick={() => {
            setAsking(false);
            setDone(true);
          }}
        >
          Confirmar
        </Button>
        <Button onClick={() => setAsking(false)}>Cancelar</Button>
      </Modal>
    </>
  );
}

/** A dialog rendered only while open (unmounted when closed). */
function Conditional() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Abrir</Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title="Condicional">
          <Button onClick={() => setOpen(false)}>Sair</Button>
        </Modal>
      )}
    </>
  );
}

const button = (name: string) => screen.getByRole("button", { name });
const focused = () => document.activeElement;

async function openAndEscape(name: string) {
  await userEvent.click(button(name));
  expect(screen.getByRole("dialog")).toBeTruthy();
  await userEvent.keyboard("{Escape}");
  expect(screen.queryByRole("dialog")).toBeNull();
}

describe("Modal's focus return", () => {
  it("returns focus to the row's button after a dialog that mounted open closes with Escape", async () => {
    renderAt(<Screen />, "/admin");
    await openAndEscape("Ver Bruno");
    expect(focused()).toBe(button("Ver Bruno"));
  });

  it("returns it after a button in the dialog closed it", async () => {
    renderAt(<Screen />, "/admin");
    await userEvent.click(button("Excluir Ana"));
    await userEvent.click(button("Excluir"));
    expect(focused()).toBe(button("Excluir Ana"));
  });

  it("when the row leaves the list after closing (a refetch): the next row's same action", async () => {
    renderAt(<Screen />, "/admin");
    await userEvent.click(button("Excluir Ana"));
    await userEvent.click(button("Excluir"));
    await act(async () => deliver(people.filter((p) => p.id !== "1")));
    expect(focused()).toBe(button("Excluir Bruno"));
  });

  it("the last row leaving: the row before it; the list emptied: the page's heading", async () => {
    renderAt(<Screen />, "/admin");
    await userEvent.click(button("Excluir Carla"));
    await userEvent.click(button("Excluir"));
    await act(async () => deliver(people.slice(0, 2)));
    expect(focused()).toBe(button("Excluir Bruno"));
    await act(async () => deliver([]));
    expect(focused()).toBe(screen.getByRole("heading", { name: "Pessoas" }));
    expect(focused()?.getAttribute("tabindex")).toBe("-1");
  });

  it("a row still listed whose action went away: that row's first action", async () => {
    renderAt(<Screen />, "/admin");
    await userEvent.click(button("Excluir Bruno"));
    await userEvent.click(button("Excluir"));
    await act(async () => deliver(people.map((p) => (p.id === "2" ? { ...p, deletable: false } : p))));
    expect(focused()).toBe(button("Ver Bruno"));
  });

  it("stops following once the user moved focus elsewhere", async () => {
    renderAt(<Screen />, "/admin");
    await userEvent.click(button("Excluir Ana"));
    await userEvent.click(button("Excluir"));
    await userEvent.tab();
    const moved = focused();
    expect(moved).not.toBe(button("Excluir Ana"));
    await act(async () => deliver(people.filter((p) => p.id !== "1")));
    expect(focused()).toBe(moved);
  });

  it("a dialog opened from inside another: back to its opener, or to the outer dialog once that is gone", async () => {
    renderAt(<Screen nested />, "/admin");
    await userEvent.click(button("Ver Ana"));
    await userEvent.click(button("Desativar"));
    await userEvent.click(button("Cancelar"));
    expect(focused()).toBe(button("Desativar"));
    await userEvent.click(button("Desativar"));
    await userEvent.click(button("Confirmar"));
    expect(screen.queryByRole("button", { name: "Desativar" })).toBeNull();
    expect(focused()).toBe(screen.getByRole("dialog", { name: "Detalhes" }));
    await userEvent.keyboard("{Escape}");
    expect(focused()).toBe(button("Ver Ana"));
  });

  it("a dialog unmounted while open returns focus too", async () => {
    renderAt(<Conditional />, "/admin");
    await userEvent.click(button("Abrir"));
    await userEvent.click(button("Sair"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(focused()).toBe(button("Abrir"));
  });
});
