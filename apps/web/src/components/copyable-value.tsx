import { Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core";
import { toastSuccess } from "../lib/toast";

/**
 * A value to note or paste elsewhere (a student code, a password shown once, a payment reference
 * code) with its copy button; `copied` is the confirmation toast.
 */
export function CopyableValue({
  label,
  value,
  copied,
  buttonLabel,
}: {
  label: string;
  value: string;
  copied: string;
  /** The button's visible words; by default 'Copiar', named after the label for screen readers. */
  buttonLabel?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} miw={0}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Code fz="xl" fw={700} data-testid={label} style={{ overflowWrap: "anywhere" }}>
          {value}
        </Code>
      </Stack>
      <CopyButton value={value}>
        {({ copy }) => (
          <Button
            variant="light"
            size="xs"
            aria-label={buttonLabel ? undefined : `Copiar ${label.toLowerCase()}`}
            onClick={() => {
              copy();
              toastSuccess(copied);
            }}
          >
            {buttonLabel ?? "Copiar"}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
