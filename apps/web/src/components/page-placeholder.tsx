import { Paper, Stack, Text, Title } from "@mantine/core";

/** A screen whose content a later issue builds: its SPEC title and a short note. */
export function PagePlaceholder({
  title,
  note = "Esta área estará disponível em breve.",
}: {
  title: string;
  note?: string;
}) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg">
        <Text c="dimmed">{note}</Text>
      </Paper>
    </Stack>
  );
}
