// Bench-only page (not in the app's build): the real DataTable with 10 000 generated rows, measured by
// scripts/bench-data-table.mjs while it types into "Pesquisar".
import "@mantine/core/styles.css";
import { ActionIcon, Badge, Container, MantineProvider, Text, Title } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { createRoot } from "react-dom/client";
import { cssVariablesResolver, theme } from "../src/app/theme";
import { type Column, DataTable } from "../src/components/data-table";
import { normaliseForSearch } from "../src/lib/search";

interface Row {
  id: string;
  name: string;
  email: string;
  phone: string;
  course: string;
  city: string;
  status: "Pendente" | "Confirmada" | "Paga" | "Cancelada";
}

const FIRST = (
  "João Maria António Conceição Sebastião Inês Luís Mónica José Ana " +
  "Adérito Fátima Nélson Lúcia Cláudio Teresa Domingos Antónia Joana Estêvão"
).split(" ");
const LAST = (
  "Gonçalves Simões Fernandes Lopes Sebastião Mendonça Conceição Baptista Araújo " +
  "Tavares Guimarães Kiala Nzinga Muanza Júnior Mateus Assunção Patrício"
).split(" ");
const COURSES = (
  "Informática na Óptica do Utilizador|Marketing Digital|Inglês Intermédio|Gestão de Projectos|" +
  "Design Gráfico|Primeiros Socorros|Educação Infantil|Contabilidade Básica|Francês Iniciação"
).split("|");
const CITIES = ["Luanda", "Viana", "Cacuaco", "Belas", "Benguela", "Huambo", "Lubango", "Cabinda"];
const STATUSES: Row["status"][] = ["Pendente", "Confirmada", "Paga", "Cancelada"];
const STATUS_COLOR = { Pendente: "yellow", Confirmada: "blue", Paga: "green", Cancelada: "gray" } as const;

/** Deterministic rows (mulberry32 with a fixed seed): the same 10 000 records on every run. */
function generateRows(count: number): Row[] {
  let seed = 20_250_601;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const first = pick(FIRST);
    const last = `${pick(LAST)} ${pick(LAST)}`;
    const login = normaliseForSearch(`${first}.${last.split(" ")[1]}`);
    const digits = String(Math.floor(random() * 1e8)).padStart(8, "0");
    return {
      id: `r${i + 1}`,
      name: `${first} ${last}`,
      email: `${login}${i + 1}@exemplo.ao`,
      phone: `+244 9${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`,
      course: pick(COURSES),
      city: pick(CITIES),
      status: pick(STATUSES),
    };
  });
}

const rows = generateRows(10_000);

// Like the admin screens: every column but the actions one contributes its text to the search.
const columns: Column<Row>[] = [
  { key: "name", title: "Nome", text: (r) => r.name, sortable: true, render: (r) => <Text fw={600}>{r.name}</Text> },
  { key: "email", title: "Email", text: (r) => r.email, sortable: true, render: (r) => r.email },
  { key: "phone", title: "Telefone", text: (r) => r.phone, render: (r) => r.phone },
  { key: "course", title: "Curso", text: (r) => r.course, sortable: true, render: (r) => r.course },
  { key: "city", title: "Município", text: (r) => r.city, sortable: true, render: (r) => r.city },
  {
    key: "status",
    title: "Estado",
    text: (r) => r.status,
    sortable: true,
    render: (r) => (
      <Badge color={STATUS_COLOR[r.status]} variant="light">
        {r.status}
      </Badge>
    ),
  },
  {
    key: "actions",
    title: "Ações",
    render: (r) => (
      <ActionIcon variant="subtle" aria-label={`Ver ${r.name}`}>
        <IconEye size={18} />
      </ActionIcon>
    ),
  },
];

declare global {
  interface Window {
    /** How many rows the table must show for `term` (the same rule as DataTable's search), for the bench. */
    benchExpectedCount: (term: string) => number;
  }
}
window.benchExpectedCount = (term) => {
  const needle = normaliseForSearch(term.trim());
  return rows.filter((r) => columns.some((c) => c.text && normaliseForSearch(String(c.text(r))).includes(needle)))
    .length;
};

createRoot(document.getElementById("root")!).render(
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
    <Container size="xl" py="lg">
      <Title order={1} mb="md">
        Inscrições (10 000)
      </Title>
      <DataTable caption="Inscrições" records={rows} columns={columns} rowKey={(r) => r.id} />
    </Container>
  </MantineProvider>,
);
