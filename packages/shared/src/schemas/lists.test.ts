import { describe, expect, it } from "vitest";
import { LIST_QUERY_MESSAGES, listQuerySchema } from "./lists";

const query = listQuerySchema(["name", "date"]);
const firstMessage = (input: Record<string, string>) => query.safeParse(input).error?.issues[0]?.message;

describe("listQuerySchema", () => {
  it("reads the query parameters, with page 1 of 20 rows by default and no empty search", () => {
    expect(query.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(query.parse({ page: "3", pageSize: "100", q: "  João ", sort: "date", dir: "desc" })).toEqual({
      page: 3,
      pageSize: 100,
      q: "João",
      sort: "date",
      dir: "desc",
    });
    expect(query.parse({ q: "   " }).q).toBeUndefined();
  });

  it("refuses each bad value with its Portuguese message", () => {
    expect(firstMessage({ page: "0" })).toBe(LIST_QUERY_MESSAGES.page);
    expect(firstMessage({ page: "abc" })).toBe(LIST_QUERY_MESSAGES.page);
    expect(firstMessage({ page: "1.5" })).toBe(LIST_QUERY_MESSAGES.page);
    expect(firstMessage({ pageSize: "101" })).toBe(LIST_QUERY_MESSAGES.pageSize);
    expect(firstMessage({ pageSize: "0" })).toBe(LIST_QUERY_MESSAGES.pageSize);
    expect(firstMessage({ q: "x".repeat(101) })).toBe(LIST_QUERY_MESSAGES.q);
    expect(firstMessage({ sort: "password" })).toBe(LIST_QUERY_MESSAGES.sort);
    expect(firstMessage({ dir: "up" })).toBe(LIST_QUERY_MESSAGES.dir);
  });
});
