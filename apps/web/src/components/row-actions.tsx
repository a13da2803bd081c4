import { ActionIcon, Group } from "@mantine/core";
import { IconEdit, IconEye, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { Column } from "./data-table";

/**
 * The Ver / Editar / Excluir buttons of an admin table row, each named after the row. Without
 * `onEdit` and `onDelete` the row is view-only (a role that may read but not change it).
 */
export function RowActions({
  name,
  onView,
  onEdit,
  onDelete,
}: {
  name: string;
  onView: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`Ver ${name}`} onClick={onView}>
        <IconEye size={18} />
      </ActionIcon>
      {onEdit && (
        <ActionIcon variant="subtle" aria-label={`Editar ${name}`} onClick={onEdit}>
          <IconEdit size={18} />
        </ActionIcon>
      )}
      {onDelete && (
        <ActionIcon variant="subtle" color="red.8" aria-label={`Excluir ${name}`} onClick={onDelete}>
          <IconTrash size={18} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** The 'Ações' column of an admin table: view, and when given edit and delete, the row, named by `name(row)`. */
export function rowActionsColumn<T>(
  name: (row: T) => string,
  on: { view: (row: T) => void; edit?: (row: T) => void; delete?: (row: T) => void },
): Column<T> {
  const { edit, delete: remove } = on;
  return {
    key: "actions",
    title: "Ações",
    render: (row) => (
      <RowActions
        name={name(row)}
        onView={() => on.view(row)}
        onEdit={edit && (() => edit(row))}
        onDelete={remove && (() => remove(row))}
      />
    ),
  };
}

/** How one row action shows: its accessible name after the row ('Aprovar {nome}'), its icon and colour. */
export interface RowActionLook {
  name: (row: string) => string;
  icon: ReactNode;
  color?: string;
}

/** A row's buttons for screens whose actions depend on the row's state, in the order `actions` gives. */
export function NamedRowActions<A extends string>({
  name,
  actions,
  looks,
  onAction,
}: {
  name: string;
  actions: readonly A[];
  looks: Record<A, RowActionLook>;
  onAction: (action: A) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((action) => {
        const look = looks[action];
        const label = look.name(name);
        return (
          <ActionIcon
            key={action}
            variant="subtle"
            color={look.color}
            aria-label={label}
            title={label}
            onClick={() => onAction(action)}
          >
            {look.icon}
          </ActionIcon>
        );
      })}
    </Group>
  );
}
