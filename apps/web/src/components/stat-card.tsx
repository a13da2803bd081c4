import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  hint?: string;
  /** Where to act on the figure ('Resolver em Financeiro'). */
  link?: { to: string; label: string };
  compact?: boolean;
}

/** A figure with its label; `compact` (many cards in a row) uses less padding and no icon on a phone. */
export function StatCard({ label, value, icon, hint, link, compact = false }: StatCardProps) {
  return (
    <Paper withBorder p={compact ? { base: "sm", sm: "md" } : "md"} radius="md" component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fw={800} fz="xl">
            {value}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
          {link && (
            <Anchor component={Link} to={link.to} size="sm" fw={600}>
              {link.label}
            </Anchor>
          )}
        </Stack>
        {icon && (
          <ThemeIcon variant="light" size={38} radius="md" aria-hidden visibleFrom={compact ? "sm" : undefined}>
            {icon}
          </ThemeIcon>
        )}
      </Group>
    </Paper>
  );
}
