import { describe, expect, it } from "vitest";
import { CAMT_MESSAGES, looksLikeXml, readCamt053 } from "./camt053";
import { FIXED_HEADER } from "./table";

/** A small camt.053.001.08 statement as a bank exports it (issue 25, decision 073). */
const entry = (inner: string) => `    <Ntry>\n${inner}\n    </Ntry>`;
const CAMT = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>EXT2611</MsgId><CreDtTm>2026-11-30T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>EXT2611-001</Id>
      <FrToDt><FrDtTm>2026-11-01T00:00:00</FrDtTm><ToDtTm>2026-11-30T23:59:59</ToDtTm></FrToDt>
      <Acct><Id><IBAN>AO06004000001234567810113</IBAN></Id></Acct>
${entry(`      <Amt Ccy="AOA">150000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-25</Dt></BookgDt>
      <NtryDtls><TxDtls>
        <RltdPties><Dbtr><Pty><Nm>Ana Pagadora</Nm></Pty></Dbtr></RltdPties>
        <RmtInf><Ustrd>TRF PROPINA</Ustrd><Ustrd>KPSQ 7RTX</Ustrd></RmtInf>
      </TxDtls></NtryDtls>`)}
${entry(`      <Amt Ccy="AOA">1500</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><DtTm>2026-11-26T10:00:00</DtTm></BookgDt>
      <AddtlNtryInf>Comiss&#227;o banc&#xE1;ria &amp; IVA</AddtlNtryInf>`)}
${entry(`      <Amt Ccy="AOA">300000.5</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-27</Dt></BookgDt>
      <NtryDtls>
        <TxDtls><Amt Ccy="AOA">150000.25</Amt><RltdPties><Dbtr><Nm>Bento</Nm></Dbtr></RltdPties><RmtInf><Ustrd>REF HJKM9W3Y</Ustrd></RmtInf></TxDtls>
        <TxDtls><Amt Ccy="AOA">150000.25</Amt><RmtInf><Ustrd><![CDATA[Carla <sem código>]]></Ustrd></RmtInf></TxDtls>
      </NtryDtls>`)}
${entry(`      <Amt Ccy="USD">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-28</Dt></BookgDt>`)}
${entry(`      <Amt Ccy="AOA">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>28/11/2026</Dt></BookgDt>`)}
${entry(`      <Amt Ccy="AOA">1.234</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>true</RvslInd><ValDt><Dt>2026-11-29</Dt></ValDt>`)}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;

describe("readCamt053", () => {
  it("reads each entry (or each transaction of a batch) into the fixed columns, amounts by their digits", () => {
    expect(looksLikeXml(CAMT)).toBe(true);
    expect(readCamt053(CAMT)).toEqual({
      format: "camt053",
      delimiter: "",
      header: FIXED_HEADER,
      preamble: ["Extrato EXT2611-001", "Conta: AO06004000001234567810113", "Período: 2026-11-01 a 2026-11-30"],
      rows: [
        { line: 9, cells: ["25/11/2026", "150000,00", "", "TRF PROPINA KPSQ 7RTX", "Ana Pagadora"] },
        { line: 16, cells: ["26/11/2026", "", "1500", "Comissão bancária & IVA", ""] },
        { line: 23, cells: ["27/11/2026", "150000,25", "", "REF HJKM9W3Y", "Bento"] },
        { line: 24, cells: ["27/11/2026", "150000,25", "", "Carla <sem código>", ""] },
        // A reversed credit is a debit; more than 2 decimals reach readAmount as written (it refuses them).
        { line: 33, cells: ["29/11/2026", "", "1,234", "", ""] },
      ],
      irregular: [
        { line: 27, reason: CAMT_MESSAGES.currency("USD") },
        { line: 30, reason: CAMT_MESSAGES.date },
      ],
    });
  });

  it("refuses malformed XML and XML that is not a CAMT.053", () => {
    expect(readCamt053(CAMT.replace("</Stmt>", ""))).toEqual({
      error: CAMT_MESSAGES.xml("</BkToCstmrStmt> na linha 37 sem abertura"),
    });
    expect(readCamt053(`<!DOCTYPE x [<!ENTITY a "b">]><Document/>`)).toEqual({
      error: CAMT_MESSAGES.xml("declarações <!DOCTYPE> não são aceitas"),
    });
    expect(readCamt053(CAMT.replace(/BkToCstmrStmt/g, "BkToCstmrDbtCdtNtfctn"))).toEqual({
      error: CAMT_MESSAGES.notCamt,
    });
    expect(
      readCamt053(
        `<Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="AOA">1,00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-01</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>`,
      ),
    ).toMatchObject({
      rows: [],
      irregular: [{ line: 1, reason: CAMT_MESSAGES.amount }],
    });
  });
});
