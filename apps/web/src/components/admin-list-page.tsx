import { Button, SimpleGrid, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { TableControls } from "../lib/server-list";
import { type Column, DataTable, type DataTableProps } from "./data-table";
import { DeleteConfirmation, type Deletion } from "./delete-confirmation";
import { PageHeader } from "./page-header";
import { rowActionsColumn } from "./row-actions";
import { StatCard, type StatCardProps } from "./stat-card";

/**
 * The composition every admin list screen shares (issue 22; courses, classes, teachers, users, student
 * accounts): the header with its 'Novo …' button, four stat cards, the searchable table, the row dialogs
 * (`children`) and the delete confirmation.
 */
export function AdminListPage<T extends { id: string }>({
  title,
  subtitle,
  create,
  stats,
  list,
  caption,
  columns,
  searchPlaceholder,
  deletion,
  children,
}: Pick<DataTableProps<T>, "caption" | "columns" | "searchPlaceholder"> & {
  title: string;
  subtitle: string;
  /** The header's 'Novo …' button; omitted for a role that may not create. */
  create?: { label: string; onClick: () => void } | false;
  stats: StatCardProps[];
  /**
   * The list's query (`useQuery(xxxQuery)`): its rows, skeletons while pending; or a server-paged list
   * (`useServerList`, decision 057), whose `table` drives the server's search, order and pages.
   */
  list: { data: T[] | undefined; isPending: boolean; table?: TableControls };
  deletion?: Deletion<T>;
  /** The row dialogs (view, edit, …). */
  children?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={
          create && (
            <Button leftSection={<IconPlus size={18} />} onClick={create.onClick}>
              {create.label}
            </Button>
          )
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {stats.map((stat) => (
          <StatCard key={stat.label} {...stat} />
        ))}
      </SimpleGrid>
      <DataTable
        caption={caption}
        records={list.data}
        loading={list.isPending}
        columns={columns}
        rowKey={(row) => row.id}
        searchPlaceholder={searchPlaceholder}
        server={list.table}
      />
      {children}
      {deletion && <DeleteConfirmation deletion={deletion} />}
    </Stack>
  );
}

/**
 * The 'Ações' column of a catalogue list (courses, classes, teachers): 'Ver' for every role, 'Editar'
 * and 'Excluir' for the roles that change the catalogue (decision 014).
 */
export function catalogActionsColumn<T extends { id: string }>(
  name: (row: T) => string,
  dialogs: { viewing: { open: (id: string) => void }; editing: { open: (id: string) => void }; deleting: Deletion<T> },
  canManage: boolean,
): Column<T> {
  const view = (row: T) => dialogs.viewing.open(row.id);
  return rowActionsColumn(
    name,
    canManage ? { view, edit: (row) => dialogs.editing.open(row.id), delete: dialogs.deleting.open } : { view },
  );
}
