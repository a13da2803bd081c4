import { Alert, Select, Text } from "@mantine/core";
import type { GetInputPropsReturnType, UseFormReturnType } from "@mantine/form";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-error";
import { applyServerErrors } from "../../../lib/form-errors";
import type { EnrollableClass } from "../api/admin-enrollments";
import { scheduleMismatchWarning } from "../logic/schedule-match";

export const NO_CLASS_AVAILABLE = "Nenhuma turma disponível para este curso";

/** 'n/max' seats and the schedule: what staff weigh when choosing a class. */
export function classOptionLabel(c: EnrollableClass): string {
  return `${c.name} — ${c.schedule} — ${c.currentStudents}/${c.maxStudents} vagas ocupadas`;
}

/**
 * The 'Turma' field of 'Pagamento e matrícula' and 'Atribuir turma': the course's active classes with a
 * free seat (SPEC §9), the seats of the chosen one, 'Nenhuma turma disponível para este curso' when there
 * is none, and a warning when its schedule is not the student's preference.
 */
export function ClassPicker({
  classes,
  schedulePreference,
  field,
}: {
  classes: UseQueryResult<EnrollableClass[]>;
  schedulePreference: string;
  /** `form.getInputProps("classId")`. */
  field: GetInputPropsReturnType & { value?: string | null };
}) {
  const chosen = classes.data?.find((c) => c.id === field.value);
  const warning = chosen && scheduleMismatchWarning(chosen.schedule, schedulePreference);
  const noClass = classes.isSuccess && classes.data.length === 0;
  return (
    <>
      {noClass ? (
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} role="status">
          <Text size="sm" c="dark.8">
            {NO_CLASS_AVAILABLE}
          </Text>
        </Alert>
      ) : (
        <Select
          label="Turma"
          placeholder={classes.isPending ? "Carregando turmas..." : "Selecione a turma"}
          withAsterisk
          data={(classes.data ?? []).map((c) => ({ value: c.id, label: classOptionLabel(c) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          description={chosen && `${chosen.schedule} · ${chosen.currentStudents}/${chosen.maxStudents} vagas ocupadas`}
          {...field}
        />
      )}
      {noClass && field.error && (
        <Text c="red.8" size="sm">
          {field.error}
        </Text>
      )}
      {warning && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="status">
          <Text size="sm" c="dark.8">
            {warning}
          </Text>
        </Alert>
      )}
    </>
  );
}

/**
 * A refused seat: the server's field errors go on the form; a class filled up or closed meanwhile
 * (409 class_full / class_not_active) is said on the 'Turma' field, and the classes are reloaded as they are now.
 */
export function showClassRefusal(
  form: Pick<UseFormReturnType<object>, "setErrors" | "setFieldError">,
  classes: UseQueryResult<EnrollableClass[]>,
  error: Error,
) {
  if (!applyServerErrors(form, error) && error instanceof ApiError && error.code.startsWith("class_")) {
    form.setFieldError("classId", error.message);
    void classes.refetch();
  }
}
