import type { RejectWithReasonInput, rejectWithReasonSchema } from "@app/shared/schemas/enrollment-review";
import { Stack, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type ReactNode, useRef } from "react";
import { applyServerErrors } from "../lib/form-errors";
import { type LazySchema, lazySchema } from "../lib/lazy-schema";
import { DialogActions } from "./dialog-actions";
import { Modal } from "./modal";

type ReasonSchema = typeof rejectWithReasonSchema;
/** A reason's rule, imported when its dialog is first used (decision 100): `reasonSchema(() => import(…))`. */
export type LazyReasonSchema = LazySchema<ReasonSchema>;
export const reasonSchema = (load: () => Promise<ReasonSchema>): LazyReasonSchema => lazySchema(load);
const rejectionReason = reasonSchema(() =>
  import("@app/shared/schemas/enrollment-review").then((m) => m.rejectWithReasonSchema),
);

/**
 * A decision that needs a reason (rejecting an enrolment or a receipt, revoking a certificate): a required 4-row reason the student will
 * read. `onSubmit` sends it and settles when the request does; a refusal with field issues lands on the
 * reason. A double click sends once (a pending mutation is only seen at the next render).
 */
export function ReasonDialog({
  opened,
  onClose,
  title,
  subject,
  description,
  submitLabel,
  reasonLabel = "Motivo da rejeição",
  schema = rejectionReason,
  pending,
  onSubmit,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  subject: ReactNode;
  description: string;
  submitLabel: string;
  /** The reason field's label (a rejection by default; a certificate's revocation names its own). */
  reasonLabel?: string;
  /** The reason's rule and its message (a rejection's by default; a certificate revocation has its own). */
  schema?: LazyReasonSchema;
  pending: boolean;
  onSubmit: (input: RejectWithReasonInput) => Promise<unknown>;
}) {
  const sending = useRef(false);
  const form = useForm({
    initialValues: { reason: "" },
    validate: schema.validate((s) => s),
    transformValues: schema.parsed((s) => s),
  });
  const submit = form.onSubmit((values) => {
    if (sending.current) return;
    sending.current = true;
    onSubmit(values)
      .catch((e: unknown) => applyServerErrors(form, e))
      .finally(() => {
        sending.current = false;
      });
  });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form noValidate onFocus={schema.load} onSubmit={schema.submitted(submit)}>
        <Stack gap="md">
          {subject}
          <Textarea
            label={reasonLabel}
            description={description}
            withAsterisk
            rows={4}
            {...form.getInputProps("reason")}
          />
          <DialogActions submitLabel={submitLabel} pending={pending} onCancel={onClose} color="red.8" />
        </Stack>
      </form>
    </Modal>
  );
}
