import { endpointSchemas } from "./endpoint";

export const dataExportSchemas = endpointSchemas({
  export: {
    summary:
      "'Exportar todos os dados' (super_admin): a ZIP streamed as it is made with one CSV (UTF-8 with BOM, ';', decimal comma) and one XLSX per table: courses, teachers, classes and students with their enrolments in the import's columns, student accounts, payments, receipts, certificates and history. Documents and receipts' files are not in it",
    answers: { 200: { file: ["application/zip"] } },
  },
});
