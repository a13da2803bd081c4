/** Rows of cells: a string (text), a number, or `{ date: "YYYY-MM-DD" }`; "" or null leaves the cell out. */
export function xlsxFile(rows: (string | number | { date: string } | null)[][]): Uint8Array;
