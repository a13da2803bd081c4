import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A label and its value in a view dialog. */
export function DetailField({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}
