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
  shown = value,
  size = "xl",
}: {
  label: string;
  value: string;
  copied: string;
  /** The button's visible words; by default 'Copiar', named after the label for screen readers. */
  buttonLabel?: string;
  /** How the value reads on screen when it differs from what is copied (an IBAN in groups of four). */
  shown?: string;
  size?: "md" | "xl";
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} miw={0}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Code fz={size} fw={700} data-testid={label} style={{ overflowWrap: "anywhere" }}>
          {shown}
        </Code>
      </Stack>
      <CopyButton value={value}>
        {({ copy }) => (
          <Button
            variant="light"
            size="xs"
            style={{ flexShrink: 0 }}
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
