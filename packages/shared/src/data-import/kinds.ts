import { COURSE_AREAS, EDUCATION_LEVEL_LABELS, PROVINCES, SCHEDULE_LABELS } from "../enums";
import { MODALITIES, MODALITY_LABELS } from "../modalities";

/**
 * Moving in from spreadsheets (issue 38, decision 097): per kind of data, the Portuguese columns, which are
 * required, the allowed values of each list column and the natural key rows are matched on. The one source
 * the import, its templates and the export read.
 */

export const IMPORT_KINDS = ["cursos", "professores", "turmas", "alunos"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export type ImportOption = { value: string; label: string };

export type ImportColumn = {
  /** The field's name in code. */
  key: string;
  /** The column's name in the sheet (and the export). */
  label: string;
  required?: boolean;
  /** A list column: the values the sheet may hold (read by label, case and accents aside). */
  options?: readonly ImportOption[];
  /** How the cell is read besides text: DD/MM/YYYY, money the Angolan ways, an Angolan mobile. */
  type?: "date" | "money" | "phone";
  /** What the template's example row holds. */
  example: string;
  /** The template's note under the column (format, what an empty cell means). */
  hint?: string;
};

export type ImportKindSpec = {
  kind: ImportKind;
  label: string;
  /** How a row is matched to what already exists: a row with the same key updates it. */
  key: string;
  columns: readonly ImportColumn[];
};

const labelled = (labels: Record<string, string>): ImportOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
const same = (values: readonly string[]): ImportOption[] => values.map((v) => ({ value: v, label: v }));

const ACTIVE = labelled({ active: "Ativo", inactive: "Inativo" });
const MODALITY = MODALITIES.map((m) => ({ value: m, label: MODALITY_LABELS[m] }));

/** The states an imported enrolment may be in (decision 097). */
export const IMPORT_ENROLLMENT_STATES = labelled({
  pre_inscrito: "Pré-inscrito",
  approved: "Aprovado",
  enrolled: "Pago / Matriculado",
  completed: "Concluído",
});

const DATE_HINT = "DD/MM/AAAA";
const MONEY_HINT = "Ex.: 150.000,00 ou 150 000";
const PHONE_HINT = "Ex.: +244 923 456 789";

export const IMPORT_SPECS: Readonly<Record<ImportKind, ImportKindSpec>> = {
  cursos: {
    kind: "cursos",
    label: "Cursos",
    key: "Nome do curso",
    columns: [
      { key: "name", label: "Nome", required: true, example: "Informática Básica e Internet" },
      { key: "description", label: "Descrição", example: "Windows, Word, Excel e Internet" },
      { key: "area", label: "Área", options: same(COURSE_AREAS), example: "Tecnologia" },
      { key: "modality", label: "Modalidade", options: MODALITY, example: "Presencial" },
      { key: "durationMonths", label: "Duração (meses)", required: true, example: "3" },
      { key: "workloadHours", label: "Carga horária (horas)", example: "60" },
      { key: "price", label: "Preço", required: true, example: "150.000,00", hint: MONEY_HINT, type: "money" },
      { key: "status", label: "Estado", options: ACTIVE, example: "Ativo", hint: "Vazio: Ativo" },
    ],
  },
  professores: {
    kind: "professores",
    label: "Professores",
    key: "E-mail do professor; sem e-mail, o telefone",
    columns: [
      { key: "teacherName", label: "Nome", required: true, example: "Joana Mateus" },
      { key: "teacherEmail", label: "E-mail", example: "joana.mateus@exemplo.ao", hint: "E-mail ou telefone" },
      { key: "teacherPhone", label: "Telefone", example: "+244 923 456 789", hint: PHONE_HINT, type: "phone" },
      { key: "specialization", label: "Especialização", required: true, example: "Informática" },
      { key: "qualification", label: "Qualificação", required: true, example: "Licenciatura em Informática" },
      { key: "yearsOfExperience", label: "Anos de experiência", required: true, example: "5" },
      { key: "bio", label: "Biografia", example: "" },
      { key: "status", label: "Estado", options: ACTIVE, example: "Ativo", hint: "Vazio: Ativo" },
    ],
  },
  turmas: {
    kind: "turmas",
    label: "Turmas",
    key: "Curso + nome da turma",
    columns: [
      { key: "course", label: "Curso", required: true, example: "Informática Básica e Internet" },
      { key: "name", label: "Turma", required: true, example: "Turma A - Manhã" },
      { key: "teacher", label: "Professor", example: "joana.mateus@exemplo.ao", hint: "E-mail ou telefone" },
      { key: "classType", label: "Modalidade", required: true, options: MODALITY, example: "Presencial" },
      { key: "location", label: "Local", example: "Sala 2" },
      {
        key: "enrollmentStartDate",
        label: "Início das inscrições",
        required: true,
        example: "05/01/2026",
        hint: DATE_HINT,
        type: "date",
      },
      {
        key: "enrollmentEndDate",
        label: "Fim das inscrições",
        required: true,
        example: "31/01/2026",
        hint: DATE_HINT,
        type: "date",
      },
      { key: "startDate", label: "Início", required: true, example: "02/02/2026", hint: DATE_HINT, type: "date" },
      { key: "endDate", label: "Término", required: true, example: "30/04/2026", hint: DATE_HINT, type: "date" },
      { key: "schedule", label: "Horário", required: true, example: "Seg a Sex, 08h-12h" },
      { key: "maxStudents", label: "Máximo de alunos", required: true, example: "30" },
    ],
  },
  alunos: {
    kind: "alunos",
    label: "Alunos e inscrições",
    key: "Aluno: nº do BI; sem BI, telefone + nome. Inscrição: aluno + curso",
    columns: [
      { key: "studentName", label: "Nome", required: true, example: "Ana Luísa Gonçalves" },
      { key: "biNumber", label: "Nº do BI", example: "004512345LA042" },
      {
        key: "studentPhone",
        label: "Telefone",
        required: true,
        example: "+244 923 456 789",
        hint: PHONE_HINT,
        type: "phone",
      },
      { key: "studentEmail", label: "E-mail", example: "ana.goncalves@exemplo.ao" },
      {
        key: "birthDate",
        label: "Data de nascimento",
        required: true,
        example: "15/03/2001",
        hint: DATE_HINT,
        type: "date",
      },
      { key: "fatherName", label: "Nome do pai", example: "" },
      { key: "motherName", label: "Nome da mãe", example: "Maria Gonçalves" },
      { key: "nationality", label: "Nacionalidade", example: "Angolana" },
      { key: "birthPlace", label: "Naturalidade", example: "Luanda" },
      { key: "province", label: "Província", required: true, options: same(PROVINCES), example: "Luanda" },
      { key: "municipality", label: "Município", example: "Belas" },
      { key: "neighborhood", label: "Bairro", example: "Talatona" },
      {
        key: "qualification",
        label: "Habilitações",
        options: labelled(EDUCATION_LEVEL_LABELS),
        example: "Ensino Médio",
      },
      { key: "trainingArea", label: "Área de formação", example: "Informática" },
      {
        key: "schedulePreference",
        label: "Horário preferido",
        required: true,
        options: labelled(SCHEDULE_LABELS),
        example: "Manhã (08h-12h)",
      },
      { key: "course", label: "Curso", required: true, example: "Informática Básica e Internet" },
      { key: "className", label: "Turma", example: "Turma A - Manhã", hint: "Obrigatória se Pago ou Concluído" },
      {
        key: "state",
        label: "Estado",
        required: true,
        options: IMPORT_ENROLLMENT_STATES,
        example: "Pago / Matriculado",
      },
      { key: "referenceCode", label: "Código de referência", example: "", hint: "Aprovado: vazio gera um" },
      { key: "paidAmount", label: "Valor pago", example: "150.000,00", hint: MONEY_HINT, type: "money" },
      { key: "paymentDate", label: "Data do pagamento", example: "10/02/2026", hint: DATE_HINT, type: "date" },
      { key: "finalGrade", label: "Nota final", example: "", hint: "0 a 20; obrigatória se Concluído" },
    ],
  },
};

/** Case, accents and repeated spaces aside: how names, labels and list values are compared. */
export const folded = (text: string) =>
  text.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim().toLowerCase();

/** The list value a cell names (by label or value, folded), or null. */
export function optionValue(column: ImportColumn, cell: string): string | null {
  const f = folded(cell);
  const found = column.options?.find((o) => folded(o.label) === f || folded(o.value) === f);
  return found?.value ?? null;
}

/** A column's mapping: for each column key, the index of the sheet's column that holds it, or null. */
export type ImportMapping = Record<string, number | null>;

/** The mapping the header proposes: each column whose label the header names (case and accents aside). */
export function headerMapping(spec: ImportKindSpec, header: readonly string[] | null): ImportMapping {
  const cells = (header ?? []).map(folded);
  return Object.fromEntries(
    spec.columns.map((c) => {
      const i = cells.indexOf(folded(c.label));
      return [c.key, i === -1 ? null : i];
    }),
  );
}

/** The column of `key` in a kind (for messages naming it). */
export const columnLabel = (spec: ImportKindSpec, key: string) => spec.columns.find((c) => c.key === key)?.label ?? key;

/** What each row of a preview ends as. */
export const IMPORT_OUTCOMES = ["nova", "atualizada", "igual", "erro"] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const IMPORT_OUTCOME_LABELS: Record<ImportOutcome, string> = {
  nova: "nova",
  atualizada: "já existe — atualizada",
  igual: "já existe — igual",
  erro: "erro",
};
