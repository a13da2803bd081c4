import { LIST_PAGE_SIZE } from "@app/shared/limits";
import { Group, NativeSelect, Pagination, Skeleton, Table, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconSearch } from "@tabler/icons-react";
import { type ReactNode, useDeferredValue, useMemo, useState } from "react";
import { PHONE_QUERY } from "../lib/media";
import { normaliseForSearch } from "../lib/search";
import type { TableControls, TableSort } from "../lib/server-list";
import classes from "./data-table.module.css";
import { DataTableCards } from "./data-table-cards";
import { ROW_KEY, ROW_LIST } from "./focus-return";

export interface Column<T> {
  /** "actions" marks the row's buttons: on a phone they sit beside the card's title (or below, `cardFooter`). */
  key: string;
  /** On a phone, the actions go below the card's fields: buttons with words are too wide beside the title. */
  cardFooter?: boolean;
  title: string;
  render: (row: T) => ReactNode;
  /** The text this column contributes to the search (and sorting); omit for action columns. */
  text?: (row: T) => string | number | null | undefined;
  sortable?: boolean;
}

const PAGE_SIZE = LIST_PAGE_SIZE;
/** Between columns in a row's search text, so a match never spans two cells. */
const COLUMN_SEPARATOR = "\u0000";
const SKELETON_ROWS = ["r1", "r2", "r3", "r4", "r5"];

/** Below the SPEC's 768 px mobile breakpoint each row is a card (kept here for the screens that import it). */
export { PHONE_QUERY };

/** A run this long without a space (a pasted name, an e-mail) may break anywhere. */
const LONG_WORD = /\S{20,}/;

type Sort = TableSort;

export interface DataTableProps<T> {
  records: T[] | undefined;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  loading?: boolean;
  searchPlaceholder?: string;
  caption: string;
  /**
   * Server mode (decision 057): `records` is one page the server searched, sorted and cut, and these are
   * its controls (`useServerList`). Without it the table searches, sorts and pages `records` itself —
   * the small catalogue lists (courses, classes, teachers, users).
   */
  server?: TableControls;
}

/**
 * The admin list: search over the visible columns (case- and accent-insensitive), sortable columns,
 * 5 skeleton rows while loading, 'Nenhum registro encontrado' when empty, and pagination. On a phone
 * the rows are cards and a select sorts them; only one layout is rendered, so no button exists twice.
 * In server mode the same controls drive the server's search, order and pages.
 */
export function DataTable<T extends object>({
  records,
  columns,
  rowKey,
  loading,
  searchPlaceholder = "Pesquisar...",
  caption,
  server,
}: DataTableProps<T>) {
  const local = useLocalTable(server ? undefined : records, columns);
  const table = server ?? local.table;
  const visible = server ? (records ?? []) : local.visible;
  const { sort } = table;
  // Read during the first render (the admin screens are never server-rendered), so a phone never
  // paints the table first.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  // A column sorts when the server knows its key, or locally when it has a text to compare.
  const sorts = (c: Column<T>) => Boolean(c.sortable && (server || c.text));

  const pages = Math.max(1, Math.ceil(table.total / table.pageSize));
  const current = Math.min(table.page, pages);

  const toggleSort = (key: string) =>
    table.onSort(sort?.key !== key ? { key, dir: 1 } : sort.dir === 1 ? { key, dir: -1 } : null);

  return (
    <>
      <Group align="flex-end" mb="sm" gap="sm">
        <TextInput
          label="Pesquisar"
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={table.search}
          onChange={(e) => table.onSearch(e.currentTarget.value)}
          w={420}
          maw="100%"
        />
        {phone && <SortSelect columns={columns.filter(sorts)} sort={sort} onChange={table.onSort} />}
      </Group>
      {phone ? (
        <DataTableCards rows={visible} columns={columns} rowKey={rowKey} loading={loading} caption={caption} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-busy={table.busy || undefined}>
            <Table.Caption style={{ captionSide: "top", textAlign: "left" }} className="visually-hidden">
              {caption}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th
                    key={c.key}
                    className={c.key === "actions" ? classes.stickyActions : undefined}
                    aria-sort={sort?.key === c.key ? (sort.dir === 1 ? "ascending" : "descending") : undefined}
                  >
                    {sorts(c) ? (
                      <UnstyledButton onClick={() => toggleSort(c.key)} fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap">
                          {c.title}
                          {sort?.key === c.key ? (
                            sort.dir === 1 ? (
                              <IconArrowUp size={14} aria-hidden />
                            ) : (
                              <IconArrowDown size={14} aria-hidden />
                            )
                          ) : (
                            <IconArrowsSort size={14} aria-hidden />
                          )}
                        </Group>
                      </UnstyledButton>
                    ) : (
                      c.title
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody {...{ [ROW_LIST]: caption }}>
              {loading
                ? SKELETON_ROWS.map((k) => (
                    <Table.Tr key={k} data-testid="skeleton-row">
                      {columns.map((c) => (
                        <Table.Td key={c.key}>
                          <Skeleton height={14} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : visible.map((r) => (
                    <Table.Tr key={rowKey(r)} {...{ [ROW_KEY]: rowKey(r) }}>
                      {columns.map((c) => (
                        <Cell key={c.key} column={c} row={r} />
                      ))}
                    </Table.Tr>
                  ))}
              {!loading && visible.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text ta="center" c="dimmed" py="md">
                      Nenhum registro encontrado
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {table.total} registros
          </Text>
          <Pagination
            total={pages}
            value={current}
            onChange={table.onPage}
            size="sm"
            aria-label="Páginas"
            getItemProps={(page) => ({ "aria-label": `Página ${page}` })}
            getControlProps={(control) => ({ "aria-label": CONTROL_LABELS[control] })}
          />
        </Group>
      )}
    </>
  );
}

/**
 * The in-browser mode: search over the columns' texts, sort by a column's text, 20 rows a page. The
 * page goes back to 1 when the search changes.
 */
function useLocalTable<T extends object>(records: T[] | undefined, columns: Column<T>[]) {
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<Sort>(null);
  const [page, setPage] = useState(1);

  const searchable = columns.filter((c) => c.text);
  const searchKey = searchable.map((c) => c.key).join();
  // Each row's normalised search text, computed once per row object (a refetch brings new objects)
  // rather than on every keystroke: filtering 10,000 rows is then one substring test per row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new cache when the data or searched columns change
  const searchTexts = useMemo(() => new WeakMap<object, string>(), [records, searchKey]);
  const searchTextOf = (row: T) => {
    let text = searchTexts.get(row);
    if (text === undefined) {
      text = searchable.map((c) => normaliseForSearch(String(c.text!(row) ?? ""))).join(COLUMN_SEPARATOR);
      searchTexts.set(row, text);
    }
    return text;
  };
  // Screens rebuild their columns on every render; the rows depend on the data, the search and the sort.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const rows = useMemo(() => {
    const needle = normaliseForSearch(deferredSearch.trim());
    let out = records ?? [];
    if (needle) out = out.filter((r) => searchTextOf(r).includes(needle));
    const column = sort && columns.find((c) => c.key === sort.key);
    if (column?.text) {
      const get = column.text;
      out = [...out].sort((a, b) => compare(get(a), get(b)) * sort!.dir);
    }
    return out;
  }, [records, deferredSearch, sort, searchTexts]);

  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const table: TableControls = {
    search,
    onSearch: (text) => {
      setSearch(text);
      setPage(1);
    },
    sort,
    onSort: setSort,
    page: current,
    onPage: setPage,
    total: rows.length,
    pageSize: PAGE_SIZE,
  };
  return { table, visible: rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE) };
}

const CONTROL_LABELS = {
  first: "Primeira página",
  previous: "Página anterior",
  next: "Página seguinte",
  last: "Última página",
} as const;

/** The phone layout has no column headers to click: one select sorts by any of the sortable `columns`. */
function SortSelect<T>({
  columns,
  sort,
  onChange,
}: {
  columns: Column<T>[];
  sort: Sort;
  onChange: (sort: Sort) => void;
}) {
  if (columns.length === 0) return null;
  const data = [
    { value: "", label: "Sem ordenação" },
    ...columns.flatMap((c) => [
      { value: `${c.key}:1`, label: `${c.title} (crescente)` },
      { value: `${c.key}:-1`, label: `${c.title} (decrescente)` },
    ]),
  ];
  return (
    <NativeSelect
      label="Ordenar por"
      data={data}
      value={sort ? `${sort.key}:${sort.dir}` : ""}
      onChange={(e) => {
        const [key, dir] = e.currentTarget.value.split(":");
        onChange(key ? { key, dir: dir === "-1" ? -1 : 1 } : null);
      }}
      w={220}
      maw="100%"
    />
  );
}

/**
 * Only a cell holding a long unbroken run may break anywhere: that lets the table shrink it so the
 * actions stay on screen, while a date or a price in a squeezed table never splits ("23/11/202 6").
 * The run is looked for in the shown text when the cell is plain text (a date column searches its ISO
 * timestamp), else in the column's search text.
 */
function Cell<T>({ column, row }: { column: Column<T>; row: T }) {
  const content = column.render(row);
  const plain =
    typeof content === "string" || typeof content === "number" ? String(content) : String(column.text?.(row) ?? "");
  if (column.key === "actions") return <Table.Td className={classes.stickyActions}>{content}</Table.Td>;
  return <Table.Td className={LONG_WORD.test(plain) ? classes.breakAnywhere : undefined}>{content}</Table.Td>;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a ?? "").localeCompare(String(b ?? ""), "pt");
}
