import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCertificate, IconChalkboard, IconClock, IconDeviceMobile } from "@tabler/icons-react";
import { Link } from "react-router";
import { CourseCard } from "../../../components/course-card";
import { CourseCardSkeletons } from "../../../components/course-card-skeleton";
import { useCatalog } from "../../courses/api/catalog";
import classes from "./home-page.module.css";

const BENEFITS = [
  {
    icon: <IconCertificate size={24} />,
    title: "Certificado reconhecido",
    text: "No fim do curso recebe um certificado com o número de horas e as competências adquiridas.",
  },
  {
    icon: <IconChalkboard size={24} />,
    title: "Formadores experientes",
    text: "Profissionais do mercado angolano que ensinam com exemplos reais.",
  },
  {
    icon: <IconClock size={24} />,
    title: "Horários flexíveis",
    text: "Turmas de manhã, tarde, noite e sábado, presenciais, online ou híbridas.",
  },
  {
    icon: <IconDeviceMobile size={24} />,
    title: "Tudo pelo celular",
    text: "Inscrição, envio de documentos e comprovativo de pagamento sem sair de casa.",
  },
];

const TESTIMONIALS = [
  {
    name: "Edna M.",
    course: "Marketing Digital",
    text: "Aprendi a gerenciar as redes sociais do meu negócio. As vendas subiram logo no primeiro mês.",
  },
  {
    name: "Joaquim P.",
    course: "Desenvolvimento Web Full Stack",
    text: "Os projetos práticos me ajudaram a conseguir o meu primeiro estágio como programador.",
  },
  {
    name: "Luísa K.",
    course: "Inglês para Negócios",
    text: "Hoje faço reuniões em inglês com confiança. Os professores são excelentes.",
  },
];

export function Component() {
  const { data, isPending } = useCatalog();
  // Only the courses staff chose (decision 010); none chosen, no section: never the newest instead.
  const featured = (data ?? []).filter((c) => c.featured).slice(0, 3);

  return (
    <>
      <section className={classes.hero} aria-labelledby="hero-title">
        <Container size="lg" py={{ base: 48, sm: 80 }}>
          <Stack gap="lg" maw={720}>
            <Badge size="lg" variant="white" color="blue.9" className={classes.badge}>
              Inscrições Abertas 2025
            </Badge>
            <Title id="hero-title" order={1} className={classes.heroTitle}>
              Cursos extracurriculares para crescer na sua carreira
            </Title>
            <Text size="lg" className={classes.heroText}>
              Formações práticas em tecnologia, marketing, línguas, gestão, design, saúde e educação, em Luanda e
              online.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/cursos" size="md" variant="white" color="blue.9">
                Ver cursos
              </Button>
              <Button
                component={Link}
                to="/inscricao"
                size="md"
                variant="outline"
                color="white"
                className={classes.ghost}
              >
                Como me inscrevo?
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>

      <Container size="lg" py="xl" component="section" id="sobre" aria-labelledby="sobre-title">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title id="sobre-title" order={2}>
              Por que estudar conosco
            </Title>
            <Text c="dimmed">
              Somos um instituto de ensino superior com cursos curtos pensados para quem trabalha ou estuda.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
            {BENEFITS.map((b) => (
              <Card key={b.title} withBorder padding="lg">
                <Stack gap="xs">
                  <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                    {b.icon}
                  </ThemeIcon>
                  <Title order={3} size="h5">
                    {b.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {b.text}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>

      {(isPending || featured.length > 0) && (
        <section className={classes.band} aria-labelledby="destaque-title">
          <Container size="lg" py="xl">
            <Stack gap="lg">
              <Group justify="space-between" align="end">
                <Title id="destaque-title" order={2}>
                  Cursos em destaque
                </Title>
                <Button component={Link} to="/cursos" variant="subtle">
                  Ver todos os cursos
                </Button>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                {isPending ? (
                  <CourseCardSkeletons count={3} />
                ) : (
                  featured.map((c) => <CourseCard key={c.id} course={c} />)
                )}
              </SimpleGrid>
            </Stack>
          </Container>
        </section>
      )}

      <Container size="lg" py="xl" component="section" aria-labelledby="testemunhos-title">
        <Stack gap="lg">
          <Title id="testemunhos-title" order={2}>
            O que dizem os nossos alunos
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {TESTIMONIALS.map((t) => (
              <Card key={t.name} withBorder padding="lg" component="figure" m={0}>
                <Stack gap="sm">
                  <Text component="blockquote" m={0} fs="italic">
                    “{t.text}”
                  </Text>
                  <Text component="figcaption" size="sm" fw={600}>
                    {t.name} — <span className={classes.dimmed}>{t.course}</span>
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>

      <Container size="lg" pb="xl" component="section" aria-labelledby="cta-title">
        <Card padding="xl" className={classes.cta}>
          <Stack gap="sm" align="flex-start">
            <Title id="cta-title" order={2} c="white">
              Pronto para começar?
            </Title>
            <Text c="white">Crie a sua conta de aluno em menos de um minuto e complete a inscrição pelo celular.</Text>
            <Button component={Link} to="/criar-conta-aluno" variant="white" color="blue.9" size="md">
              Criar conta de aluno
            </Button>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
