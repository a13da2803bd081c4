import { todayInLuanda } from "@app/shared/dates";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { formatMoneyInput } from "@app/shared/money-input";
import { confirmPaymentSchema } from "@app/shared/schemas/enrollment-review";
import { Loader, Select, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { DateInput } from "../../../components/date-input";
import { DialogActions } from "../../../components/dialog-actions";
import { Modal } from "../../../components/modal";
import { MoneyInput } from "../../../components/money-input";
import { feedback } from "../../../lib/mutation-feedback";
import {
  type AdminEnrollmentRow,
  enrollableClassesQuery,
  useAdminEnrollmentRow,
  useConfirmPayment,
} from "../api/admin-enrollments";
import { ClassPicker, showClassRefusal } from "./class-picker";

export const PAYMENT_CONFIRMED_TOAST = "Pagamento confirmado e aluno matriculado com sucesso!";

const validate = schemaResolver(confirmPaymentSchema, { sync: true });
const methodOptions = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m]! }));

/**
 * 'Pagamento e matrícula' (SPEC §2, §5): amount, date, method, class and notes. The server records a
 * confirmed payment and takes a seat in one transaction; a class filled meanwhile is a 409 on the class.
 */
export function ConfirmPaymentDialog({
  opened,
  enrollmentId,
  onClose,
}: {
  opened: boolean;
  enrollmentId: string | null;
  onClose: () => void;
}) {
  const row = useAdminEnrollmentRow(enrollmentId);
  return (
    <Modal opened={opened} onClose={onClose} title="Pagamento e matrícula" size="lg" centered>
      {row ? <PaymentForm row={row} onClose={onClose} /> : <Loader size="sm" aria-label="A carregar" />}
    </Modal>
  );
}

function PaymentForm({ row, onClose }: { row: AdminEnrollmentRow; onClose: () => void }) {
  const classes = useQuery(enrollableClassesQuery(row.id));
  const confirm = useConfirmPayment();
  const form = useForm({
    initialValues: {
      amount: formatMoneyInput(row.coursePrice),
      paymentDate: todayInLuanda(),
      method: null as (typeof PAYMENT_METHODS)[number] | null,
      classId: null as string | null,
      notes: "",
    },
    validate,
    transformValues: (values) => confirmPaymentSchema.parse(values),
  });

  const submit = form.onSubmit((values) => {
    if (confirm.isPending) return;
    confirm.mutate(
      { id: row.id, input: values },
      feedback({
        success: PAYMENT_CONFIRMED_TOAST,
        failure: "Erro ao confirmar pagamento e matricular aluno",
        done: onClose,
        failed: (e) => showClassRefusal(form, classes, e),
      }),
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>
          <b>{row.studentName}</b> — {row.courseName} ({formatKz(row.coursePrice)})
          {row.paymentReferenceCode && <> · código {row.paymentReferenceCode}</>}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <MoneyInput label="Valor pago (kz)" withAsterisk {...form.getInputProps("amount")} />
          <DateInput
            label="Data do pagamento"
            withAsterisk
            max={todayInLuanda()}
            {...form.getInputProps("paymentDate")}
          />
        </SimpleGrid>
        <Select
          label="Método de pagamento"
          placeholder="Selecione"
          withAsterisk
          data={methodOptions}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("method")}
        />
        <ClassPicker
          classes={classes}
          schedulePreference={row.schedulePreference}
          field={form.getInputProps("classId")}
        />
        <Textarea label="Observações (opcional)" autosize minRows={2} {...form.getInputProps("notes")} />
        <DialogActions submitLabel="Confirmar e matricular" pending={confirm.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
