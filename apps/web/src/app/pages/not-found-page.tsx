import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={64} fw={800} c="blue.8" aria-hidden>
          404
        </Text>
        <Title order={1}>Oops! Page not found</Title>
        <Text c="dimmed">A página que procura não existe ou foi movida.</Text>
        <Button component={Link} to="/">
          Voltar ao início
        </Button>
      </Stack>
    </Container>
  );
}
