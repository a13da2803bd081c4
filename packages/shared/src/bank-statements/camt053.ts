import { STATEMENT_MAX_ROWS } from "../limits";
import { oversizedAmount } from "./amounts";
import type { CsvRow } from "./csv";
import { decimalText, FIXED_HEADER, fixedRow, TABLE_LIMIT_MESSAGES, type TableRead } from "./table";
import { child, children, parseXml, textAt, type XmlElement, XmlError } from "./xml";

/**
 * CAMT.053 statements (ISO 20022 XML; issue 25, decision 073): `Document/BkToCstmrStmt/Stmt`, one row of the
 * fixed columns per `Ntry` — or per `NtryDtls/TxDtls` when a batch entry lists each transaction with its own
 * amount. Amount: `Amt` (its `Ccy` must be AOA) by its digits; `CdtDbtInd` CRDT → 'Crédito', DBIT →
 * 'Débito' (a `RvslInd` true turns it round); date: `BookgDt/Dt` (or `DtTm`, else `ValDt`); 'Descritivo':
 * the `RmtInf/Ustrd` texts (else `AddtlTxInf`, else `AddtlNtryInf`); 'Ordenante': `RltdPties/Dbtr/Nm`
 * (`Dbtr/Pty/Nm` since version 08) for a credit, the creditor for a debit.
 */

export const CAMT_MESSAGES = {
  xml: (why: string) => `O arquivo XML está mal formado (${why})`,
  notCamt: "O arquivo XML não é um extrato CAMT.053 (falta Document/BkToCstmrStmt/Stmt)",
  amount: "Movimento sem valor legível (Amt)",
  indicator: "Movimento sem crédito ou débito (CdtDbtInd deve ser CRDT ou DBIT)",
  date: "Movimento sem data legível (BookgDt/Dt)",
  currency: (ccy: string) => `Movimento em ${ccy}: só são lidos movimentos em kwanzas (AOA)`,
} as const;

/** True when the text is XML (a camt.053 or not: `readCamt053` says which). */
export const looksLikeXml = (text: string) => /^\uFEFF?\s*</.test(text);

const nameOf = (party: XmlElement | undefined) => textAt(party, "Nm") || textAt(party, "Pty", "Nm");

/** The date part of an ISO date or date-time, as DD/MM/YYYY. */
function dateOf(el: XmlElement | undefined): string | null {
  const text = textAt(el, "Dt") || textAt(el, "DtTm");
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : null;
}

function amountOf(el: XmlElement | undefined): { amount: string } | { reason: string } {
  const amt = child(el, "Amt");
  const oversized = amt ? oversizedAmount(amt.text) : null;
  if (oversized) return { reason: oversized };
  const amount = amt ? decimalText(amt.text, ".") : null;
  if (!amt || amount === null || amount.startsWith("-")) return { reason: CAMT_MESSAGES.amount };
  const ccy = amt.attrs.Ccy ?? "";
  if (ccy !== "AOA") return { reason: CAMT_MESSAGES.currency(ccy || "moeda desconhecida") };
  return { amount };
}

/** Reads a CAMT.053 file into the fixed table, or says why it cannot. */
export function readCamt053(text: string): TableRead {
  let doc: XmlElement;
  try {
    doc = parseXml(text);
  } catch (e) {
    if (e instanceof XmlError) return { error: CAMT_MESSAGES.xml(e.message) };
    throw e;
  }
  const statements = children(child(doc, "BkToCstmrStmt"), "Stmt");
  if (doc.name !== "Document" || statements.length === 0) return { error: CAMT_MESSAGES.notCamt };

  const preamble: string[] = [];
  const rows: CsvRow[] = [];
  const irregular: { line: number; reason: string }[] = [];
  for (const stmt of statements) {
    const account = textAt(stmt, "Acct", "Id", "IBAN") || textAt(stmt, "Acct", "Id", "Othr", "Id");
    preamble.push(`Extrato ${textAt(stmt, "Id")}`.trim());
    if (account) preamble.push(`Conta: ${account}`);
    const from = textAt(stmt, "FrToDt", "FrDtTm").slice(0, 10);
    const to = textAt(stmt, "FrToDt", "ToDtTm").slice(0, 10);
    if (from && to) preamble.push(`Período: ${from} a ${to}`);

    for (const entry of children(stmt, "Ntry")) {
      if (rows.length + irregular.length > STATEMENT_MAX_ROWS) return { error: TABLE_LIMIT_MESSAGES.rows };
      const indicator = textAt(entry, "CdtDbtInd");
      if (indicator !== "CRDT" && indicator !== "DBIT") {
        irregular.push({ line: entry.line, reason: CAMT_MESSAGES.indicator });
        continue;
      }
      const reversal = textAt(entry, "RvslInd") === "true";
      const credit = (indicator === "CRDT") !== reversal;
      const date = dateOf(child(entry, "BookgDt")) ?? dateOf(child(entry, "ValDt"));
      if (!date) {
        irregular.push({ line: entry.line, reason: CAMT_MESSAGES.date });
        continue;
      }
      const details = children(child(entry, "NtryDtls"), "TxDtls");
      const own = (tx: XmlElement) => child(tx, "Amt") ?? child(tx, "AmtDtls", "TxAmt");
      // A batch entry whose transactions carry their own amounts: one row per transaction.
      const parts = details.length > 1 && details.every((tx) => own(tx)) ? details : [undefined];
      for (const tx of parts) {
        const source = tx ?? details[0];
        const amount = amountOf(tx ? (child(tx, "Amt") ? tx : child(tx, "AmtDtls", "TxAmt")) : entry);
        if ("reason" in amount) {
          irregular.push({ line: (tx ?? entry).line, reason: amount.reason });
          continue;
        }
        const remittance = children(child(source, "RmtInf"), "Ustrd").map((u) => u.text.trim());
        const reference = remittance.join(" ") || textAt(source, "AddtlTxInf") || textAt(entry, "AddtlNtryInf");
        const parties = child(source, "RltdPties");
        const payer = credit ? nameOf(child(parties, "Dbtr")) : nameOf(child(parties, "Cdtr"));
        rows.push(fixedRow((tx ?? entry).line, { date, credit, amount: amount.amount, reference, payer }));
      }
    }
  }
  if (rows.length + irregular.length > STATEMENT_MAX_ROWS) return { error: TABLE_LIMIT_MESSAGES.rows };
  return { format: "camt053", delimiter: "", header: FIXED_HEADER, rows, irregular, preamble };
}
