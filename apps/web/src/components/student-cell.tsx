import { formatAngolanMobile } from "@app/shared/phone-format";
import { Stack, Text } from "@mantine/core";

/** A table cell naming a student with their phone below it (read together when calling them). */
export function StudentCell({ name, phone }: { name: string; phone: string }) {
  return (
    <Stack gap={0}>
      <Text fw={600}>{name}</Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {formatAngolanMobile(phone)}
      </Text>
    </Stack>
  );
}
