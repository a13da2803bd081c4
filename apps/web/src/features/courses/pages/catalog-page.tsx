import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useId, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CourseCard } from "../../../components/course-card";
import { CourseCardSkeletons } from "../../../components/course-card-skeleton";
import { useCatalog } from "../api/catalog";
import { ALL_AREAS, areasOf, filterCatalog } from "../logic/catalog-filter";
import classes from "./catalog-search.module.css";

export function Component() {
  const { data, isPending, isError, error, refetch } = useCatalog();
  const [search, setSearch] = useState("");
  const [params] = useSearchParams();
  const courses = data ?? [];
  const areas = useMemo(() => areasOf(courses), [courses]);
  const chosen = params.get("area");
  const area = chosen && areas.includes(chosen) ? chosen : ALL_AREAS;
  const visible = useMemo(() => filterCatalog(courses, search, area), [courses, search, area]);
  const searchId = useId();

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Cursos</Title>
          <Text c="dimmed">Escolha o curso certo para si e inscreva-se online.</Text>
        </Stack>
        {/* Plain HTML, not Mantine's TextInput: ~5 KB gzip less in the public first load (decision 060). */}
        <div className={classes.field}>
          <label htmlFor={searchId} className={classes.label}>
            Pesquisar cursos
          </label>
          <input
            id={searchId}
            className={classes.input}
            placeholder="Nome ou descrição do curso"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
          />
        </div>
        {/* Links, not buttons: a tap before the app runs still filters (the server renders ?area=, decision 096). */}
        <Group gap="xs" role="group" aria-label="Filtrar por área">
          {[ALL_AREAS, ...areas].map((a) => (
            <Button
              key={a}
              component={Link}
              to={a === ALL_AREAS ? "/cursos" : `/cursos?${new URLSearchParams({ area: a })}`}
              replace
              preventScrollReset
              size="xs"
              variant={area === a ? "filled" : "default"}
              aria-current={area === a ? "true" : undefined}
            >
              {a}
            </Button>
          ))}
        </Group>
        {isError && (
          // A bordered Paper rather than Alert: Alert brings CloseButton into the public first load.
          <Paper withBorder p="md" role="alert" style={{ borderColor: "var(--mantine-color-red-8)" }}>
            <Group justify="space-between">
              <Stack gap={2}>
                <Text fw={700} c="red.9">
                  Erro ao carregar os cursos
                </Text>
                {/* The server's words: no connection, or the service briefly unavailable (decision 023). */}
                <Text size="sm">{error?.message}</Text>
              </Stack>
              <Button size="xs" variant="default" onClick={() => refetch()}>
                Tentar novamente
              </Button>
            </Group>
          </Paper>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {isPending ? (
            <CourseCardSkeletons count={6} />
          ) : (
            visible.map((c) => <CourseCard key={c.id} course={c} headingOrder={2} />)
          )}
        </SimpleGrid>
        {!isPending && !isError && visible.length === 0 && (
          <Text ta="center" c="dimmed" py="xl">
            Nenhum curso encontrado com os filtros selecionados.
          </Text>
        )}
      </Stack>
    </Container>
  );
}
