import { parseAngolanMobile } from "@app/shared/phones";
import type { ListQuery, SortDirection } from "@app/shared/schemas/lists";
import { type AnyColumn, asc, desc, or, type SQL, sql } from "drizzle-orm";
import { type ExtraConfigColumn, type IndexBuilder, index, text } from "drizzle-orm/pg-core";

/**
 * The server side of the paged admin lists (decision 057): offset paging with the total, a search that
 * ignores case and accents, and an order that is always complete (the row's id breaks ties, so a row
 * never shows on two pages nor on none).
 */

type Expr = AnyColumn | SQL;

/**
 * The accented letters of Portuguese (and a few of French and Spanish names) and their plain letter.
 * `translate()` then `lower()`: both are in every PostgreSQL without an extension, are IMMUTABLE (an
 * index may use them), and `lower()` after `translate()` works even in a database whose LC_CTYPE is C,
 * where `lower('Ã')` stays 'Ã'.
 */
const ACCENTED = "ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ";
const PLAIN = "AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy";

/** A text as the search compares it (and a name sorts): lower case, without accents. */
export function normalised(value: Expr | string): SQL {
  // The two letter lists are ours and written inline, so the expression is the same in every query.
  return sql`lower(translate(${value}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`;
}

/**
 * A stored generated column holding `normalised(source)` of the same row's column named `source`
 * (decision 062): written with the row, so a search compares stored text instead of normalising every
 * row of every query, and an index can serve it.
 */
export function normalisedColumn(name: string, source: string) {
  return text(name).generatedAlwaysAs(normalised(sql`${sql.identifier(source)}`));
}

/** A trigram GIN index (pg_trgm) for `column like '%q%'`. */
export function containsIndex(name: string, column: ExtraConfigColumn): IndexBuilder {
  return index(name).using("gin", column.op("gin_trgm_ops"));
}

/** `q` as a LIKE pattern for "contains": its %, _ and \ match themselves. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The rows whose columns contain `q`, ignoring case and accents ('joao' finds 'João'): `keys` are stored
 * normalised columns (`normalisedColumn`, decision 062), compared as they are, so a trigram index serves
 * the search; `phoneColumns` (a student phone's 9 digits) also match `q` as people write a number:
 * '923 456' finds 923456789, and so does '+244 923 456 789'. Undefined (no condition) without `q`.
 */
export function searchCondition(q: string | undefined, keys: Expr[], phoneColumns: Expr[] = []): SQL | undefined {
  if (!q) return undefined;
  const pattern = normalised(containsPattern(q));
  const conditions = keys.map((key) => sql`${key} like ${pattern}`);
  const whole = parseAngolanMobile(q);
  const digits = "phone" in whole ? whole.phone : q.replace(/[\s().+-]/g, "");
  if (/^\d+$/.test(digits)) conditions.push(...phoneColumns.map((c) => sql`${c} like ${containsPattern(digits)}`));
  return or(...conditions);
}

/**
 * The ORDER BY of a list: the chosen column in the chosen direction (asc by default) or the list's own
 * default order, then the id in the same direction so the order is total.
 */
export function listOrder<K extends string>(
  query: Pick<ListQuery<K>, "sort" | "dir">,
  sortable: Record<K, Expr>,
  fallback: { by: Expr; dir: SortDirection },
  id: AnyColumn,
): SQL[] {
  const [by, dir] = query.sort ? [sortable[query.sort], query.dir ?? "asc"] : [fallback.by, fallback.dir];
  const direction = dir === "desc" ? desc : asc;
  return [direction(by), direction(id)];
}

/** LIMIT and OFFSET of the page asked for. */
export function pageWindow(query: Pick<ListQuery, "page" | "pageSize">) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** The answer of a list: the page's rows, the number of matching rows, the page read (decision 057). */
export function listAnswer<R>(query: Pick<ListQuery, "page" | "pageSize">, rows: R[], total: number) {
  return { rows, total, page: query.page, pageSize: query.pageSize };
}
