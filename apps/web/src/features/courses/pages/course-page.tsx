import { calendarDate, coursePagePath } from "@app/shared/course-page";
import { MODALITY_LABELS } from "@app/shared/modalities";
import { formatKz } from "@app/shared/money";
import { durationLabel } from "@app/shared/rules";
import { Anchor, Badge, Button, Card, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { type CoursePageData, useCoursePage } from "../api/course-page";
import { ShareCourse } from "../components/share-course";

// Darker than Mantine's green.9 / orange.9, which miss WCAG's 4.5:1 on white at this size.
const SEAT_COLOR = { "Vagas disponíveis": "#1f6b31", "Últimas vagas": "#9c4300", Esgotado: "#b42318" } as const;

/** /cursos/{slug}: a course's own page (decision 093), also rendered by the server into the HTML. */
export function CoursePage({ notFound }: { notFound: ReactNode }) {
  const { slug = "" } = useParams();
  const { state, origin, retry } = useCoursePage(slug);
  if (state.status === "missing") return notFound;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/cursos" size="sm">
          ← Todos os cursos
        </Anchor>
        {state.status === "pending" && <Text c="dimmed">Carregando...</Text>}
        {state.status === "error" && (
          <Paper withBorder p="md" role="alert" style={{ borderColor: "var(--mantine-color-red-8)" }}>
            <Group justify="space-between">
              <Text fw={700} c="red.9">
                {state.error.message}
              </Text>
              <Button size="xs" variant="default" onClick={retry}>
                Tentar novamente
              </Button>
            </Group>
          </Paper>
        )}
        {state.status === "success" && <CourseDetails page={state.data} origin={origin} />}
      </Stack>
    </Container>
  );
}

function CourseDetails({ page: { course, classes }, origin }: { page: CoursePageData; origin: string }) {
  const pageUrl = `${origin}${coursePagePath(course.slug)}`;
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Group gap="xs">
          {course.area && <Badge variant="light">{course.area}</Badge>}
          {course.modality && (
            <Badge variant="outline" color="gray.8">
              {MODALITY_LABELS[course.modality]}
            </Badge>
          )}
        </Group>
        <Title order={1}>{course.name}</Title>
        <Text fw={800} fz={28} c="blue.9">
          {formatKz(course.price)}
        </Text>
        <Text c="dimmed">
          Duração: {durationLabel(course.durationMonths)}
          {course.workloadHours ? ` · ${course.workloadHours} horas` : ""}
          {course.modality ? ` · ${MODALITY_LABELS[course.modality]}` : ""}
        </Text>
        {course.description && <Text style={{ whiteSpace: "pre-line" }}>{course.description}</Text>}
        <Group gap="sm">
          <Button component={Link} to={`/inscricao?curso=${course.id}`} size="md">
            Inscrever-se Agora
          </Button>
          <ShareCourse course={course} pageUrl={pageUrl} />
        </Group>
      </Stack>
      <Stack gap="md" component="section" aria-labelledby="turmas">
        <Title order={2} size="h3" id="turmas">
          Turmas abertas
        </Title>
        {classes.length === 0 ? (
          <Text c="dimmed">
            Nenhuma turma aberta no momento. Faça sua inscrição e a secretaria entrará em contato quando abrir uma nova
            turma.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {classes.map((c) => (
              <Card key={c.id} withBorder padding="lg" component="article" aria-labelledby={`turma-${c.id}`}>
                <Stack gap={6}>
                  <Group justify="space-between" align="start" wrap="nowrap">
                    <Title order={3} size="h5" id={`turma-${c.id}`}>
                      {c.name}
                    </Title>
                    <Text size="sm" fw={700} c={SEAT_COLOR[c.seats]} style={{ whiteSpace: "nowrap" }}>
                      {c.seats}
                    </Text>
                  </Group>
                  <Text size="sm">
                    {calendarDate(c.startDate)} a {calendarDate(c.endDate)} · {MODALITY_LABELS[c.classType]}
                  </Text>
                  <Text size="sm">Horário: {c.schedule}</Text>
                  {c.location && <Text size="sm">Local: {c.location}</Text>}
                  <Text size="sm" c="dimmed">
                    Inscrições de {calendarDate(c.enrollmentStartDate)} a {calendarDate(c.enrollmentEndDate)}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
