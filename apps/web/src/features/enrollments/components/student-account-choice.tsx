import { formatAngolanMobile } from "@app/shared/phone-format";
import { NEW_STUDENT_ACCOUNT, type PhoneStudentAccount, phoneAccountLabel } from "@app/shared/schemas/enrollment-staff";
import { Radio, Stack } from "@mantine/core";

/**
 * 'Nova inscrição' when student accounts already have the phone typed (decision 024): anyone can create
 * an account with any phone, so the secretariat chooses which account the enrolment belongs to, or a new
 * one (relatives share phones). Nothing is preselected: linking is never silent.
 */
export function StudentAccountChoice({
  phone,
  accounts,
  value,
  error,
  onChange,
}: {
  phone: string;
  accounts: readonly PhoneStudentAccount[];
  value: string | null;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const one = accounts.length === 1;
  // The number stays on one line (no-break spaces), also on a phone.
  const number = formatAngolanMobile(phone).replaceAll(" ", "\u00a0");
  return (
    <Radio.Group
      label="Conta de aluno"
      description={`${one ? "Já existe uma conta de aluno" : `Já existem ${accounts.length} contas de aluno`} com o telefone ${number}. Confirme com o aluno se ${one ? "é a dele" : "alguma é a dele"}; senão, crie uma conta nova.`}
      value={value}
      onChange={onChange}
      error={error}
      required
    >
      <Stack gap="xs" mt="xs">
        {accounts.map((a) => (
          <Radio key={a.id} value={a.id} label={`Usar a conta ${phoneAccountLabel(a)}`} />
        ))}
        <Radio value={NEW_STUDENT_ACCOUNT} label="Criar uma conta nova" />
      </Stack>
    </Radio.Group>
  );
}
