import { formatKz } from "@app/shared/money";
import { Alert, Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import { useCatalog } from "../../courses/api/catalog";

const STEPS = [
  {
    title: "Crie a sua conta de aluno",
    text: "Indique o nome e o telefone. Recebe um código de estudante e uma senha.",
  },
  {
    title: "Complete o formulário de inscrição",
    text: "Dados pessoais, formação, o curso, o horário e três documentos (BI frente e verso, certificado).",
  },
  {
    title: "Aguarde o código de referência",
    text: "A secretaria analisa os documentos e envia-lhe o código de referência para pagamento.",
  },
  {
    title: "Pague e envie o comprovativo",
    text: "Faça a transferência bancária e envie o comprovativo na Área do Aluno. Depois é matriculado.",
  },
];

/** The entry to enrolling (SPEC leaves its content open; see docs/decisions). */
export function Component() {
  const [params] = useSearchParams();
  const courseId = params.get("curso");
  const { data } = useCatalog(Boolean(courseId));
  const course = courseId ? data?.find((c) => c.id === courseId) : undefined;
  const createLink = courseId ? `/criar-conta-aluno?curso=${courseId}` : "/criar-conta-aluno";
  const loginLink = courseId ? `/login-aluno?curso=${courseId}` : "/login-aluno";

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Inscrição</Title>
        {course && (
          <Alert variant="light" title="Curso escolhido">
            <Text fw={600}>{course.name}</Text>
            <Text size="sm">{formatKz(course.price)}</Text>
          </Alert>
        )}
        <Text>A inscrição faz-se em quatro passos, todos pela internet:</Text>
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
          {STEPS.map((s, i) => (
            <Card key={s.title} component="li" withBorder padding="md">
              <Group align="flex-start" wrap="nowrap" gap="md">
                <ThemeIcon radius="xl" size={32} aria-hidden>
                  {i + 1}
                </ThemeIcon>
                <Stack gap={2}>
                  <Text fw={700}>{s.title}</Text>
                  <Text size="sm" c="dimmed">
                    {s.text}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
        <Group gap="sm">
          <Button component={Link} to={createLink} size="md">
            Criar conta de aluno
          </Button>
          <Button component={Link} to={loginLink} size="md" variant="default">
            Já tenho conta — entrar
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
