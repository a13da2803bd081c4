import { formatGrade } from "@app/shared/grades";
import { passMarkInputSchema } from "@app/shared/schemas/pass-mark";
import { Alert, Button, Group, Paper, Skeleton, Stack, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { errorMessage } from "../../../lib/form-errors";
import { feedback } from "../../../lib/mutation-feedback";
import { passMarkQuery, useSavePassMark } from "../api/pass-mark";

/**
 * 'Nota mínima de aprovação' on Configurações (super_admin; decision 049): its own small form beside the
 * institute's details, since it is saved on its own. A 'Concluído' under it asks for confirmation.
 */
export function PassMarkSection() {
  const titleId = useId();
  const { data, isPending, isError, error } = useQuery(passMarkQuery);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        Nota mínima de aprovação
      </Title>
      {isPending ? (
        <Skeleton height={60} />
      ) : isError ? (
        <Alert color="red" title="Erro ao carregar a nota mínima">
          {errorMessage(error)}
        </Alert>
      ) : (
        <PassMarkForm key={data.passMark} passMark={data.passMark} />
      )}
    </Paper>
  );
}

function PassMarkForm({ passMark }: { passMark: number }) {
  const save = useSavePassMark();
  const form = useForm({
    initialValues: { passMark: formatGrade(passMark) },
    validate: schemaResolver(passMarkInputSchema, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          values,
          feedback({ success: "Nota mínima de aprovação salva", failure: "Erro ao salvar a nota mínima", form }),
        ),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label="Nota mínima de aprovação (0–20)"
          description="Ao registrar «Concluído» com uma nota inferior, o portal pergunta antes de emitir o certificado."
          required
          inputMode="decimal"
          maw={{ base: "100%", sm: 420 }}
          {...form.getInputProps("passMark")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Salvar nota mínima
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
