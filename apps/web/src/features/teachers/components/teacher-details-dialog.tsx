import { formatDateTime } from "@app/shared/dates";
import { SimpleGrid } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { DetailField } from "../../../components/detail-field";
import { Modal } from "../../../components/modal";
import { teachersQuery } from "../api/teachers";
import { TEACHER_STATUS_LABELS } from "./teacher-form-dialog";

/** A teacher as the list holds it now: read by id, so a refetch shows at once in the open dialog. */
export function TeacherDetailsDialog({
  opened,
  teacherId,
  onClose,
}: {
  opened: boolean;
  teacherId: string | null;
  onClose: () => void;
}) {
  const { data: teachers } = useQuery({ ...teachersQuery, enabled: teacherId !== null });
  const teacher = teachers?.find((t) => t.id === teacherId);
  return (
    <Modal opened={opened} onClose={onClose} title="Detalhes do professor" size="lg" centered>
      {teacher && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DetailField label="Nome" value={teacher.teacherName} />
          <DetailField label="Especialização" value={teacher.specialization} />
          <DetailField label="Qualificação" value={teacher.qualification} />
          <DetailField label="Anos de experiência" value={String(teacher.yearsOfExperience)} />
          <DetailField label="Telefone" value={teacher.teacherPhone ?? "—"} />
          <DetailField label="Email" value={teacher.teacherEmail ?? "—"} />
          <DetailField label="Estado" value={TEACHER_STATUS_LABELS[teacher.status]} />
          <DetailField label="Usuário (acesso)" value={teacher.userName ?? "Sem acesso"} />
          <DetailField label="Criado em" value={formatDateTime(teacher.createdAt)} />
          <DetailField label="Biografia" value={teacher.bio ?? "—"} />
        </SimpleGrid>
      )}
    </Modal>
  );
}
