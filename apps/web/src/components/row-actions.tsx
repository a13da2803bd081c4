import { ActionIcon, Button, Group } from "@mantine/core";
import { IconEdit, IconEye, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { DELETE_LABEL } from "./confirm-dialog";
import type { Column } from "./data-table";
import { ROW_ACTION } from "./focus-return";

/** The looks of the three common row actions: 'Ver', 'Editar' and the one delete word, each named after the row. */
export const VIEW_LOOK: RowActionLook = { name: (n) => `Ver ${n}`, icon: <IconEye size={18} /> };
export const EDIT_LOOK: RowActionLook = { name: (n) => `Editar ${n}`, icon: <IconEdit size={18} /> };
export const DELETE_LOOK: RowActionLook = {
  name: (n) => `${DELETE_LABEL} ${n}`,
  icon: <IconTrash size={18} />,
  color: "red.8",
};
const LOOKS = { view: VIEW_LOOK, edit: EDIT_LOOK, delete: DELETE_LOOK };

/**
 * The 'Ações' column of an admin table: Ver, and when given, Editar and Excluir the row, each button
 * named after the row (`name(row)`). Without edit and delete the row is view-only (a role that may read
 * but not change it).
 */
export function rowActionsColumn<T>(
  name: (row: T) => string,
  on: { view: (row: T) => void; edit?: (row: T) => void; delete?: (row: T) => void },
): Column<T> {
  const actions = (["view", "edit", "delete"] as const).filter((a) => on[a]);
  return {
    key: "actions",
    title: "Ações",
    render: (row) => (
      <NamedRowActions name={name(row)} actions={actions} looks={LOOKS} onAction={(action) => on[action]?.(row)} />
    ),
  };
}

/** How one row action shows: its accessible name after the row ('Aprovar {nome}'), its icon and colour. */
export interface RowActionLook {
  name: (row: string) => string;
  icon: ReactNode;
  color?: string;
  /** The word shown beside the icon when the actions are `labelled` ('Arquivar'); `name` starts with it. */
  label?: string;
}

/**
 * A row's buttons for screens whose actions depend on the row's state, in the order `actions` gives.
 * `labelled`: each shows its word beside the icon (a phone shows no hover title), wrapping when narrow.
 */
export function NamedRowActions<A extends string>({
  name,
  actions,
  looks,
  onAction,
  labelled = false,
}: {
  name: string;
  actions: readonly A[];
  looks: Record<A, RowActionLook>;
  onAction: (action: A) => void;
  labelled?: boolean;
}) {
  return (
    <Group gap={labelled ? 6 : 4} wrap={labelled ? "wrap" : "nowrap"}>
      {actions.map((action) => {
        const look = looks[action];
        const label = look.name(name);
        if (labelled)
          return (
            <Button
              key={action}
              size="compact-sm"
              variant="outline"
              color={look.color}
              leftSection={look.icon}
              aria-label={label}
              onClick={() => onAction(action)}
            >
              {look.label ?? label}
            </Button>
          );
        return (
          <ActionIcon
            key={action}
            variant="subtle"
            color={look.color}
            aria-label={label}
            title={label}
            {...{ [ROW_ACTION]: action }}
            onClick={() => onAction(action)}
          >
            {look.icon}
          </ActionIcon>
        );
      })}
    </Group>
  );
}
