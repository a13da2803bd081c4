import { Button, Group } from "@mantine/core";

/**
 * The foot of every form dialog: 'Cancelar' (not while the request is on its way) and the submit
 * button, which shows the request going.
 */
export function DialogActions({
  submitLabel,
  pending,
  onCancel,
  disabled,
  color,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  /** The submit waits for something the form asks first (both checklist boxes). */
  disabled?: boolean;
  /** A refusal's red ('Rejeitar…'). */
  color?: string;
}) {
  return (
    <Group justify="flex-end" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancelar
      </Button>
      <Button type="submit" color={color} disabled={disabled} loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
