import { LIST_PAGE_SIZE } from "@app/shared/limits";
import type { SortDirection } from "@app/shared/schemas/lists";
import { useDebouncedValue } from "@mantine/hooks";
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";

/** Typing waits this long before the list asks the server again (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

/** What a paged list's query function is given: the page, the search, the order and the list's filters. */
export type ServerListParams<S extends string, F extends object> = {
  page: number;
  pageSize: number;
  q?: string;
  sort?: S;
  dir?: SortDirection;
} & F;

/** One page of a list as the server answers it (`listPageSchema`, decision 057). */
export interface ServerListPage<R> {
  rows: R[];
  total: number;
  page: number;
  pageSize: number;
}

/** A column sort as DataTable shows it: the column's key (the server's sort key) and its direction. */
export type TableSort = { key: string; dir: 1 | -1 } | null;

/**
 * DataTable's controls in server mode: what is typed, the sort, the page, and how many rows match in all.
 * DataTable's own in-browser mode (the small catalogue lists) drives the same shape itself.
 */
export interface TableControls {
  search: string;
  onSearch: (text: string) => void;
  sort: TableSort;
  onSort: (sort: TableSort) => void;
  page: number;
  onPage: (page: number) => void;
  total: number;
  pageSize: number;
  /** The shown rows are the previous page's while the next one loads. */
  busy?: boolean;
}

/**
 * The state of a server-paged list (decision 057): the page, the search (debounced), the sort and the
 * list's own filters, turned into one query per combination. The previous page stays on screen while
 * the next one loads; a new search, filter or sort starts again at page 1, and a page past the end
 * (the last row of the last page deleted) falls back to the last page.
 *
 * `queryOf` is the feature's query options for one combination (its `api/` module calls the server).
 */
export function useServerList<
  A extends ServerListPage<unknown>,
  S extends string,
  F extends object,
  K extends QueryKey,
>(queryOf: (params: ServerListParams<S, F>) => UseQueryOptions<A, Error, A, K>, initialFilters: F) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<TableSort>(null);
  const [filters, setFilterState] = useState<F>(initialFilters);
  // The page belongs to one search, filter and sort: any change of those reads page 1, without a
  // render that first asks for page N of the new search.
  const scope = JSON.stringify([debounced, sort, filters]);
  const [paging, setPaging] = useState({ scope, page: 1 });
  const page = paging.scope === scope ? paging.page : 1;
  const setPage = (next: number) => setPaging({ scope, page: next });

  const params = {
    page,
    pageSize: LIST_PAGE_SIZE,
    ...(debounced ? { q: debounced } : {}),
    ...(sort ? { sort: sort.key as S, dir: sort.dir === 1 ? "asc" : "desc" } : {}),
    ...filters,
  } as ServerListParams<S, F>;
  const query = useQuery({ ...queryOf(params), placeholderData: keepPreviousData });
  const answer = query.data;

  const lastPage = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const pastTheEnd = !query.isPlaceholderData && answer !== undefined && answer.rows.length === 0 && page > lastPage;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the answer shows the page is gone
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage);
  }, [pastTheEnd, lastPage]);

  const table: TableControls = {
    search,
    onSearch: setSearch,
    sort,
    onSort: setSort,
    page,
    onPage: setPage,
    total: answer?.total ?? 0,
    pageSize: answer?.pageSize ?? LIST_PAGE_SIZE,
    busy: query.isPlaceholderData,
  };
  return {
    /** The page's rows (undefined until the first answer). */
    data: answer?.rows as A["rows"] | undefined,
    /** The whole answer of the shown page (its `counts`, when the list has stat cards). */
    answer,
    isPending: query.isPending,
    /** Why the last request failed (the server's message), if it did. */
    error: query.error,
    table,
    filters,
    /** Changes some filters; the list goes back to page 1. */
    setFilters: (changes: Partial<F>) => setFilterState((f) => ({ ...f, ...changes })),
  };
}

/**
 * The row `id` as the freshest cached page of a list shows it (queries whose key starts with `prefix`):
 * a row dialog opens from a visible row, so its row is in the cache; it follows refetches. Undefined
 * when no cached page holds it (the dialog then fetches the row by id, or waits).
 */
export function useCachedListRow<R extends { id: string }>(prefix: QueryKey, id: string | null): R | undefined {
  const client = useQueryClient();
  const find = () => {
    if (id === null) return undefined;
    const queries = client
      .getQueryCache()
      .findAll({ queryKey: prefix })
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
    for (const query of queries) {
      const rows = (query.state.data as Partial<ServerListPage<R>> | undefined)?.rows;
      const row = Array.isArray(rows) ? rows.find((r) => r.id === id) : undefined;
      if (row) return row;
    }
    return undefined;
  };
  return useSyncExternalStore((changed) => client.getQueryCache().subscribe(changed), find, find);
}

/**
 * After a change on the server: the queries under `keys` read again. Their reads still on the way are
 * cancelled first: a page that has no answer yet (a search typed just before the change) left before
 * it, and an invalidation alone would wait for that read, not send a new one, so the list would show the
 * row as it was (found on Comprovantes, decision 058; the same for every list, decision 062).
 */
export async function refreshAfterChange(client: QueryClient, keys: QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
