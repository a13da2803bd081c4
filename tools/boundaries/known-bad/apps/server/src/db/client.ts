export type Db = { query: (sql: string) => unknown };
