import { LIST_PAGE_SIZE, LIST_PAGE_SIZE_MAX, LIST_SEARCH_MAX } from "../limits";
import { z } from "../zod";

/**
 * The server-paged admin lists (decision 057): one query shape and one answer shape for every list
 * that pages, searches, filters and sorts on the server (Inscrições, Contas de Alunos, Comprovantes,
 * Financeiro). A list adds its own filters with `.extend({...})` and its stat cards as `counts`.
 */

export const LIST_QUERY_MESSAGES = {
  page: "Página inválida",
  pageSize: `O tamanho da página deve ser um número entre 1 e ${LIST_PAGE_SIZE_MAX}`,
  q: `A pesquisa pode ter no máximo ${LIST_SEARCH_MAX} caracteres`,
  sort: "Ordenação inválida",
  dir: "Sentido da ordenação inválido (asc ou desc)",
} as const;

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** A whole number from a query parameter (`?page=2`), in [min, max]; absent → `fallback`. */
const wholeParam = (min: number, max: number, fallback: number, message: string) =>
  z.coerce
    .number<string | number>({ message })
    .int({ message })
    .min(min, { message })
    .max(max, { message })
    .default(fallback);

/**
 * A list's query: `page` (≥ 1, default 1), `pageSize` (1–100, default 20), `q` (trimmed, ≤ 100
 * characters; empty means no search), `sort` (one of the list's sortable keys; absent: the list's own
 * default order) and `dir` (asc, the default, or desc). Each bad value is a 400 with its message.
 */
export function listQuerySchema<const K extends readonly [string, ...string[]]>(sortKeys: K) {
  return z.object({
    page: wholeParam(1, Number.MAX_SAFE_INTEGER, 1, LIST_QUERY_MESSAGES.page),
    pageSize: wholeParam(1, LIST_PAGE_SIZE_MAX, LIST_PAGE_SIZE, LIST_QUERY_MESSAGES.pageSize),
    q: z
      .string()
      .trim()
      .max(LIST_SEARCH_MAX, { message: LIST_QUERY_MESSAGES.q })
      .optional()
      .transform((v) => v || undefined),
    sort: z.enum(sortKeys, { message: LIST_QUERY_MESSAGES.sort }).optional(),
    dir: z.enum(SORT_DIRECTIONS, { message: LIST_QUERY_MESSAGES.dir }).optional(),
  });
}

/** A list's query as the server reads it (parsed: page and pageSize set, q absent when empty). */
export interface ListQuery<K extends string = string> {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort?: K | undefined;
  dir?: SortDirection | undefined;
}

/**
 * One page of a list: its rows, how many rows match in all (`total`, for the pagination) and the page
 * read. A list with stat cards adds `counts` with `.extend({ counts: … })`.
 */
export function listPageSchema<R extends z.ZodType>(row: R) {
  return z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
