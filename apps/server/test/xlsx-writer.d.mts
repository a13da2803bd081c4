/** A cell: a string (text), a number, or `{ date: "YYYY-MM-DD" }`; "" or null leaves the cell out. */
export type XlsxCell = string | number | { date: string } | null;
export function xlsxFile(rows: XlsxCell[][]): Uint8Array;
/** The same workbook's parts, by name, as XML text. */
export function xlsxParts(rows: XlsxCell[][]): Record<string, string>;
