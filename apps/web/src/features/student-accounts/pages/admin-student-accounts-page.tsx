import { formatDate } from "@app/shared/dates";
import { roleSatisfies } from "@app/shared/enums";
import { formatAngolanMobile } from "@app/shared/phone-format";
import { STUDENT_ACCOUNT_MANAGER_ROLES } from "@app/shared/student-account-managers";
import { Text, VisuallyHidden } from "@mantine/core";
import { IconKey, IconLockOpen, IconUserCheck, IconUserExclamation, IconUsers } from "@tabler/icons-react";
import { AdminListPage } from "../../../components/admin-list-page";
import type { Column } from "../../../components/data-table";
import { NamedRowActions, type RowActionLook, VIEW_LOOK } from "../../../components/row-actions";
import { useRowDialog } from "../../../lib/row-dialog";
import { useServerList } from "../../../lib/server-list";
import { useSession } from "../../../lib/session";
import { type AdminStudentAccount, studentAccountsQuery } from "../api/admin-student-accounts";
import { EditCredentialsDialog } from "../components/edit-credentials-dialog";
import { EmailText } from "../components/email-text";
import { NewCredentialsDialog, useNewCredentialsDialog } from "../components/new-credentials-dialog";
import { ResetPasswordDialog } from "../components/reset-password-dialog";
import { CompletionBadge, StudentAccountDetailsDialog } from "../components/student-account-details-dialog";

type Action = "view" | "edit" | "reset";
const LOOKS: Record<Action, RowActionLook> = {
  view: VIEW_LOOK,
  edit: { name: (n) => `Editar credenciais de ${n}`, icon: <IconKey size={18} /> },
  reset: { name: (n) => `Resetar senha de ${n}`, icon: <IconLockOpen size={18} />, color: "orange.9" },
};

/** /admin/student-accounts: 'Contas de Alunos' (SPEC §2; issue 14). Every staff role sees it. */
export function Component() {
  const list = useServerList(studentAccountsQuery, {});
  const counts = list.answer?.counts;
  const role = useSession().data?.staff?.role;
  const canManage = roleSatisfies(role, STUDENT_ACCOUNT_MANAGER_ROLES);
  const viewing = useRowDialog();
  const editing = useRowDialog();
  const resetting = useRowDialog();
  const credentials = useNewCredentialsDialog();

  const columns: Column<AdminStudentAccount>[] = [
    {
      key: "name",
      title: "Nome",
      text: (a) => a.studentName,
      sortable: true,
      render: (a) => <Text fw={600}>{a.studentName}</Text>,
    },
    {
      key: "phone",
      title: "Telefone",
      text: (a) => `${a.studentPhone} ${formatAngolanMobile(a.studentPhone)}`,
      render: (a) => <span style={{ whiteSpace: "nowrap" }}>{formatAngolanMobile(a.studentPhone)}</span>,
    },
    {
      key: "email",
      title: "Email",
      text: (a) => a.studentEmail,
      render: (a) => (a.studentEmail ? <EmailText email={a.studentEmail} /> : "—"),
    },
    {
      key: "code",
      title: "Código",
      text: (a) => a.studentCode,
      sortable: true,
      render: (a) => (
        <Text ff="monospace" fw={600}>
          {a.studentCode}
        </Text>
      ),
    },
    {
      key: "password",
      title: "Senha",
      // Stored hashed: there is nothing to show but the mask.
      render: () => (
        <>
          <span aria-hidden>••••••</span>
          <VisuallyHidden>Senha oculta</VisuallyHidden>
        </>
      ),
    },
    {
      key: "completed",
      title: "Inscrição",
      text: (a) => (a.enrollmentCompleted ? "Completa" : "Pendente"),
      sortable: true,
      render: (a) => <CompletionBadge completed={a.enrollmentCompleted} />,
    },
    {
      key: "created",
      title: "Criado em",
      text: (a) => a.createdAt,
      sortable: true,
      render: (a) => formatDate(a.createdAt),
    },
    {
      key: "actions",
      title: "Ações",
      render: (a) => (
        <NamedRowActions<Action>
          name={a.studentName}
          actions={canManage ? ["view", "edit", "reset"] : ["view"]}
          looks={LOOKS}
          onAction={(action) => {
            if (action === "view") viewing.open(a.id);
            else if (action === "edit") editing.open(a.id);
            else resetting.open(a.id);
          }}
        />
      ),
    },
  ];

  return (
    <AdminListPage
      title="Contas de Alunos"
      subtitle="Códigos de acesso dos alunos, as suas inscrições e comprovantes"
      stats={[
        { label: "Total de contas", value: counts?.total ?? "—", icon: <IconUsers size={20} /> },
        { label: "Inscrição completa", value: counts?.completed ?? "—", icon: <IconUserCheck size={20} /> },
        { label: "Inscrição pendente", value: counts?.pending ?? "—", icon: <IconUserExclamation size={20} /> },
        {
          label: "Senha temporária",
          value: counts?.temporaryPassword ?? "—",
          hint: "Ainda não alterada pelo aluno",
          icon: <IconKey size={20} />,
        },
      ]}
      list={list}
      caption="Contas de alunos"
      columns={columns}
      searchPlaceholder="Pesquisar por nome, telefone, email ou código..."
    >
      <StudentAccountDetailsDialog opened={viewing.opened} accountId={viewing.id} onClose={viewing.close} />
      <EditCredentialsDialog
        key={editing.key}
        opened={editing.opened}
        accountId={editing.id}
        onClose={editing.close}
        onSaved={credentials.show}
      />
      <ResetPasswordDialog
        key={resetting.key}
        opened={resetting.opened}
        accountId={resetting.id}
        onClose={resetting.close}
        onReset={credentials.show}
      />
      <NewCredentialsDialog opened={credentials.opened} shown={credentials.shown} onClose={credentials.close} />
    </AdminListPage>
  );
}
