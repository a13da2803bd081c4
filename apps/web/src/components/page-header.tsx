import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** An admin screen's title, subtitle and main action. */
export function PageHeader({ title, subtitle, action }: { title: string; subtitle: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{subtitle}</Text>
      </Stack>
      {action}
    </Group>
  );
}
