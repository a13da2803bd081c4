import { formatCertificateNumber } from "@app/shared/certificate-number";
import { formatDate, todayInLuanda } from "@app/shared/dates";
import { enrollmentStatusLabel } from "@app/shared/enums";
import { formatGrade, parseGrade } from "@app/shared/grades";
import { belowPassMarkQuestion, isBelowPassMark } from "@app/shared/schemas/pass-mark";
import { Alert, Anchor, Badge, Button, Flex, Group, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowLeft, IconExternalLink, IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { type Column, DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { ReasonDialog, reasonSchema } from "../../../components/reason-dialog";
import { StudentCell } from "../../../components/student-cell";
import { errorMessage } from "../../../lib/form-errors";
import { feedback, withFeedback } from "../../../lib/mutation-feedback";
import { useSession } from "../../../lib/session";
import { certificatePdfUrl } from "../../certificates/api/own-certificates";
import {
  type ClassStudent,
  classStudentsQuery,
  type ResultInput,
  useCorrectResult,
  useRecordResults,
  useReissueCertificate,
  useRevokeCertificate,
} from "../api/teaching";
import { CorrectResultDialog } from "../components/correct-result-dialog";
import { LoopbackWarning, PassMarkQuestion } from "../components/issuing-notices";
import { belowPassMarkAllQuestion, canConcludeAll, canRecordResults, studentActions } from "../logic/results";

const revocationReason = reasonSchema(() =>
  import("@app/shared/schemas/certificates").then((m) => m.revokeCertificateSchema),
);

/** The two results, in the words of the enrolment statuses they set (shared labels). */
const COMPLETED = enrollmentStatusLabel("completed");
const NOT_COMPLETED = enrollmentStatusLabel("not_completed");

/** Filled, dark shades: white small text stays above 4.5:1 (WCAG AA). */
const STATUS_COLORS: Record<ClassStudent["status"], string> = {
  enrolled: "blue.8",
  completed: "#1f6b30",
  not_completed: "gray.7",
};

type Pending =
  | { kind: "result"; student: ClassStudent; outcome: ResultInput["outcome"] }
  | { kind: "all" }
  | { kind: "reissue"; student: ClassStudent }
  | null;

/**
 * /admin/teaching/:classId: the students of one class, each with their status, a final grade (0–20,
 * '14,5' accepted), 'Concluído' / 'Não concluído', 'Concluir todos' from the end date on, the
 * certificate with 'Ver PDF', and for the secretariat 'Revogar' (with a reason), 'Reemitir' and, once no
 * certificate is in force, 'Corrigir resultado' (decision 027). Before a certificate is issued the dialog
 * asks again for a grade under the pass mark, and warns while BASE_URL is a loopback address.
 */
export function Component() {
  const { classId = "" } = useParams();
  const role = useSession().data?.staff?.role;
  const detail = useQuery(classStudentsQuery(classId));
  const today = todayInLuanda();

  const record = useRecordResults(classId);
  const revoke = useRevokeCertificate();
  const reissue = useReissueCertificate();
  const correct = useCorrectResult();
  const [grades, setGrades] = useState<Record<string, string>>({});
  const [gradeErrors, setGradeErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<Pending>(null);
  const [revoking, setRevoking] = useState<ClassStudent | null>(null);
  // The key mounts a fresh correction form at each opening.
  const [correcting, setCorrecting] = useState<{ student: ClassStudent; key: number } | null>(null);
  // A double click sends once: a pending mutation is only seen at the next render.
  const sending = useRef(false);

  if (detail.isPending) return <Skeleton height={200} />;
  if (!detail.data)
    return (
      <Stack gap="md">
        <BackLink />
        <Alert color="red" title="Não foi possível abrir a turma">
          {errorMessage(detail.error)}
        </Alert>
      </Stack>
    );

  const { class: cls, students: list, issuing } = detail.data;
  const canRecord = canRecordResults(cls, today);
  const enrolled = list.filter((s) => s.status === "enrolled");
  const gradeOf = (s: ClassStudent) =>
    grades[s.enrollmentId] ?? (s.finalGrade === null ? "" : formatGrade(s.finalGrade));

  /** The results to send for `rows`, or null when a written grade is wrong (its field then says why). */
  const resultsFor = (rows: ClassStudent[], outcome: ResultInput["outcome"]): ResultInput[] | null => {
    const errors: Record<string, string> = {};
    const results = rows.map((s) => {
      const grade = parseGrade(gradeOf(s));
      if (!grade.ok) errors[s.enrollmentId] = grade.message;
      return { enrollmentId: s.enrollmentId, outcome, finalGrade: grade.ok ? grade.value : null };
    });
    setGradeErrors((current) => ({ ...current, ...errors }));
    return Object.keys(errors).length > 0 ? null : results;
  };

  const ask = (next: NonNullable<Pending>) => {
    if (next.kind === "result" && !resultsFor([next.student], next.outcome)) return;
    if (next.kind === "all" && !resultsFor(enrolled, "completed")) return;
    setPending(next);
  };

  const confirm = () => {
    if (!pending || sending.current) return;
    sending.current = true;
    const done = () => {
      sending.current = false;
      setPending(null);
    };
    if (pending.kind === "reissue") {
      const cert = pending.student.certificate!;
      reissue.mutate(cert.id, {
        ...feedback({
          success: (fresh) => ({
            title: "Certificado reemitido",
            message: `Novo certificado n.º ${formatCertificateNumber(fresh.number)} para ${pending.student.studentName}.`,
          }),
          failure: "Erro ao reemitir o certificado",
        }),
        onSettled: done,
      });
      return;
    }
    const results =
      pending.kind === "all" ? resultsFor(enrolled, "completed") : resultsFor([pending.student], pending.outcome);
    if (!results) return done();
    record.mutate(results, {
      ...feedback({
        success:
          pending.kind === "all"
            ? `${results.length} alunos concluídos: certificados emitidos`
            : pending.outcome === "completed"
              ? `${pending.student.studentName}: ${COMPLETED}, certificado emitido`
              : `${pending.student.studentName}: ${NOT_COMPLETED}`,
        failure: "Erro ao registrar o resultado",
        done: () =>
          setGrades((g) => {
            const next = { ...g };
            for (const r of results) delete next[r.enrollmentId];
            return next;
          }),
      }),
      onSettled: done,
    });
  };

  const columns: Column<ClassStudent>[] = [
    {
      key: "student",
      title: "Aluno",
      text: (s) => `${s.studentName} ${s.studentPhone}`,
      sortable: true,
      render: (s) => <StudentCell name={s.studentName} phone={s.studentPhone} />,
    },
    {
      key: "status",
      title: "Estado",
      text: (s) => enrollmentStatusLabel(s.status),
      sortable: true,
      render: (s) => (
        <Badge variant="filled" color={STATUS_COLORS[s.status] ?? "gray.7"} style={{ textTransform: "none" }}>
          {enrollmentStatusLabel(s.status)}
        </Badge>
      ),
    },
    {
      key: "grade",
      title: "Nota final (0–20)",
      text: (s) => (s.finalGrade === null ? "" : formatGrade(s.finalGrade)),
      render: (s) =>
        s.status === "enrolled" && canRecord ? (
          <TextInput
            aria-label={`Nota final de ${s.studentName}`}
            placeholder="ex.: 14,5"
            inputMode="decimal"
            size="xs"
            w={96}
            value={gradeOf(s)}
            error={gradeErrors[s.enrollmentId]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setGrades((g) => ({ ...g, [s.enrollmentId]: value }));
              setGradeErrors(({ [s.enrollmentId]: _, ...rest }) => rest);
            }}
          />
        ) : (
          <Text size="sm">{s.finalGrade === null ? "—" : formatGrade(s.finalGrade)}</Text>
        ),
    },
    {
      key: "certificate",
      title: "Certificado",
      text: (s) => s.certificate?.number ?? "",
      render: (s) =>
        s.certificate ? (
          <Stack gap={2}>
            <Text size="sm" ff="monospace" style={{ whiteSpace: "nowrap" }}>
              {formatCertificateNumber(s.certificate.number)}
            </Text>
            {s.certificate.revokedAt ? (
              <Text size="xs" c="red.9" fw={600}>
                Revogado em {formatDate(s.certificate.revokedAt)}
              </Text>
            ) : (
              <Anchor
                href={certificatePdfUrl(s.certificate.id)}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                aria-label={`Ver PDF do certificado de ${s.studentName}`}
              >
                <Group gap={4} wrap="nowrap" component="span">
                  Ver PDF <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
          </Stack>
        ) : (
          <Text size="sm">—</Text>
        ),
    },
    {
      key: "actions",
      title: "Ações",
      render: (s) => (
        // On a phone's card the buttons stack beside the name, which keeps its width.
        <Flex gap={4} direction={{ base: "column", sm: "row" }} align={{ base: "stretch", sm: "center" }}>
          {studentActions(s, role, canRecord).map((action) =>
            action === "complete" ? (
              <Button
                key={action}
                size="xs"
                color="#1f6b30"
                aria-label={`Marcar ${s.studentName} como ${COMPLETED}`}
                onClick={() => ask({ kind: "result", student: s, outcome: "completed" })}
              >
                {COMPLETED}
              </Button>
            ) : action === "notComplete" ? (
              <Button
                key={action}
                size="xs"
                variant="default"
                aria-label={`Marcar ${s.studentName} como ${NOT_COMPLETED}`}
                onClick={() => ask({ kind: "result", student: s, outcome: "not_completed" })}
              >
                {NOT_COMPLETED}
              </Button>
            ) : action === "correct" ? (
              <Button
                key={action}
                size="xs"
                variant="outline"
                aria-label={`Corrigir resultado de ${s.studentName}`}
                onClick={() => setCorrecting({ student: s, key: Date.now() })}
              >
                Corrigir resultado
              </Button>
            ) : action === "revoke" ? (
              <Button
                key={action}
                size="xs"
                variant="outline"
                color="red.8"
                aria-label={`Revogar o certificado de ${s.studentName}`}
                onClick={() => setRevoking(s)}
              >
                Revogar
              </Button>
            ) : (
              <Button
                key={action}
                size="xs"
                variant="light"
                aria-label={`Reemitir o certificado de ${s.studentName}`}
                onClick={() => ask({ kind: "reissue", student: s })}
              >
                Reemitir
              </Button>
            ),
          )}
        </Flex>
      ),
    },
  ];

  const parsed = pending?.kind === "result" ? parseGrade(gradeOf(pending.student)) : null;
  const pendingGrade = parsed?.ok ? parsed.value : null;
  const issues = pending !== null && (pending.kind !== "result" || pending.outcome === "completed");
  const belowAll =
    pending?.kind === "all"
      ? enrolled.flatMap((s) => {
          const g = parseGrade(gradeOf(s));
          return g.ok && g.value !== null && isBelowPassMark(g.value, issuing.passMark)
            ? [{ name: s.studentName, grade: g.value }]
            : [];
        })
      : [];
  const question =
    pending?.kind === "result" &&
    pending.outcome === "completed" &&
    pendingGrade !== null &&
    isBelowPassMark(pendingGrade, issuing.passMark)
      ? belowPassMarkQuestion(pendingGrade, issuing.passMark)
      : belowAll.length > 0
        ? belowPassMarkAllQuestion(belowAll, issuing.passMark)
        : null;

  return (
    <Stack gap="lg">
      <BackLink />
      <PageHeader
        title={cls.name}
        subtitle={`${cls.courseName} · ${formatDate(cls.startDate)} – ${formatDate(cls.endDate)}`}
        action={
          canConcludeAll(cls, list, today) && (
            <Button color="#1f6b30" onClick={() => ask({ kind: "all" })}>
              Concluir todos
            </Button>
          )
        }
      />
      {!canRecord && (
        <Alert color="blue" icon={<IconInfoCircle size={20} />} title="A turma ainda não começou">
          Os resultados são registrados a partir do início da turma, em {formatDate(cls.startDate)}.
        </Alert>
      )}
      <DataTable
        caption={`Alunos da turma ${cls.name}`}
        records={list}
        columns={columns}
        rowKey={(s) => s.enrollmentId}
        searchPlaceholder="Pesquisar aluno..."
      />
      <ConfirmDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        destructive={false}
        loading={record.isPending || reissue.isPending}
        title={
          pending?.kind === "all"
            ? "Concluir todos"
            : pending?.kind === "reissue"
              ? "Reemitir certificado"
              : "Registrar resultado"
        }
        confirmLabel={
          question
            ? "Emitir mesmo assim"
            : pending?.kind === "all"
              ? "Concluir todos"
              : pending?.kind === "reissue"
                ? "Reemitir"
                : "Confirmar"
        }
        notice={
          issues && (
            <>
              <PassMarkQuestion question={question} />
              <LoopbackWarning baseUrl={issuing.loopbackBaseUrl} />
            </>
          )
        }
        onConfirm={confirm}
      >
        {pending?.kind === "all"
          ? `Os ${enrolled.length} alunos ainda matriculados na turma ${cls.name} ficam «${COMPLETED}» com as notas escritas na tabela, e cada um recebe o seu certificado.`
          : pending?.kind === "reissue"
            ? `Emitir um novo certificado, com um novo número, para ${pending.student.studentName}? ${
                pending.student.certificate?.revokedAt
                  ? "O certificado revogado continua revogado."
                  : "O certificado atual é revogado e substituído pelo novo."
              }`
            : pending?.kind === "result"
              ? `${pending.student.studentName} fica «${enrollmentStatusLabel(pending.outcome)}»${
                  pendingGrade === null ? " sem nota final" : ` com a nota final ${formatGrade(pendingGrade)}`
                }.${pending.outcome === "completed" ? " O certificado é emitido de imediato." : ""}`
              : null}
      </ConfirmDialog>
      <CorrectResultDialog
        key={correcting?.key ?? "none"}
        student={correcting?.student ?? null}
        issuing={issuing}
        opened={correcting !== null}
        onClose={() => setCorrecting(null)}
        pending={correct.isPending}
        onSubmit={(input) =>
          withFeedback(correct.mutateAsync({ enrollmentId: correcting!.student.enrollmentId, ...input }), {
            success: (answer) => {
              const corrected = answer.students.find((s) => s.enrollmentId === correcting!.student.enrollmentId);
              return {
                title: "Resultado corrigido",
                message:
                  corrected?.status === "completed" && corrected.certificate
                    ? `Novo certificado n.º ${formatCertificateNumber(corrected.certificate.number)} para ${corrected.studentName}.`
                    : undefined,
              };
            },
            failure: "Erro ao corrigir o resultado",
            done: () => setCorrecting(null),
          })
        }
      />
      <ReasonDialog
        key={revoking?.enrollmentId ?? "none"}
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revogar certificado"
        reasonLabel="Motivo da revogação"
        schema={revocationReason}
        subject={
          revoking?.certificate && (
            <Text>
              Certificado n.º {formatCertificateNumber(revoking.certificate.number)} de {revoking.studentName}. A
              verificação pública passa a dizer «Revogado».
            </Text>
          )
        }
        description="Fica no histórico do certificado."
        submitLabel="Revogar"
        pending={revoke.isPending}
        onSubmit={({ reason }) =>
          withFeedback(revoke.mutateAsync({ id: revoking!.certificate!.id, reason }), {
            success: "Certificado revogado",
            failure: "Erro ao revogar o certificado",
            done: () => setRevoking(null),
          })
        }
      />
    </Stack>
  );
}

function BackLink() {
  return (
    <Anchor component={Link} to="/admin/teaching" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden /> Voltar às turmas
      </Group>
    </Anchor>
  );
}
