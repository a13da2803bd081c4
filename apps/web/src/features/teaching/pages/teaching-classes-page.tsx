import { formatDate } from "@app/shared/dates";
import { Button, Stack, Text } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { type Column, DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { useSession } from "../../../lib/session";
import { type TeachingClass, teachingClassesQuery } from "../api/teaching";
import { teachingTitle } from "../logic/results";

const nowrap = { whiteSpace: "nowrap" } as const;

/**
 * /admin/teaching: the classes whose results the user records — a professor's own classes ('As minhas
 * turmas'), every class for the secretariat ('Turmas e resultados'). A class opens its students.
 */
export function Component() {
  const role = useSession().data?.staff?.role;
  const { data, isPending } = useQuery(teachingClassesQuery);
  const professor = role === "professor";

  const columns: Column<TeachingClass>[] = [
    {
      key: "name",
      title: "Turma",
      text: (c) => c.name,
      sortable: true,
      render: (c) => <Text fw={600}>{c.name}</Text>,
    },
    { key: "course", title: "Curso", text: (c) => c.courseName, sortable: true, render: (c) => c.courseName },
    {
      key: "period",
      title: "Período",
      text: (c) => c.startDate,
      sortable: true,
      render: (c) => (
        <Text size="sm" style={nowrap}>
          {formatDate(c.startDate)} – {formatDate(c.endDate)}
        </Text>
      ),
    },
    {
      key: "students",
      title: "Resultados",
      text: (c) => c.decidedCount,
      sortable: true,
      render: (c) => (
        <Text size="sm" style={nowrap}>
          {c.decidedCount} de {c.enrolledCount} {c.enrolledCount === 1 ? "aluno" : "alunos"}
        </Text>
      ),
    },
    {
      key: "actions",
      title: "Ações",
      render: (c) => (
        <Button
          component={Link}
          to={`/admin/teaching/${c.id}`}
          size="xs"
          variant="light"
          rightSection={<IconChevronRight size={14} aria-hidden />}
          aria-label={`Abrir turma ${c.name}`}
        >
          Abrir
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title={teachingTitle(role)}
        subtitle={
          professor
            ? "As turmas que leciona: registre o resultado de cada aluno no fim do curso; quem conclui recebe o certificado"
            : "Todas as turmas: resultados dos alunos, certificados emitidos, revogações e reemissões"
        }
      />
      {professor && data?.length === 0 && (
        <Text c="dimmed">
          Ainda não tem turmas. A secretaria vincula a sua conta ao seu registro de professor em «Professores», e as
          turmas desse professor aparecem aqui.
        </Text>
      )}
      <DataTable
        caption={teachingTitle(role)}
        records={data}
        loading={isPending}
        columns={columns}
        rowKey={(c) => c.id}
        searchPlaceholder="Pesquisar turma ou curso..."
      />
    </Stack>
  );
}
