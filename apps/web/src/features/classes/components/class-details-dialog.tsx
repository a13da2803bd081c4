import { formatDate, formatDateTime, todayInLuanda } from "@app/shared/dates";
import { CLASS_STATUS_LABELS, MODALITY_LABELS } from "@app/shared/enums";
import { classWindowLabel, occupancyPercent } from "@app/shared/rules";
import { Anchor, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { DetailField } from "../../../components/detail-field";
import { Modal } from "../../../components/modal";
import { fileUrl } from "../../../lib/file-url";
import { classesQuery } from "../api/classes";

/** A class as the list holds it now: read by id, so a refetch shows at once in the open dialog. */
export function ClassDetailsDialog({
  opened,
  classId,
  onClose,
}: {
  opened: boolean;
  classId: string | null;
  onClose: () => void;
}) {
  const { data: classes } = useQuery({ ...classesQuery, enabled: classId !== null });
  const cls = classes?.find((c) => c.id === classId);
  const today = todayInLuanda();
  return (
    <Modal opened={opened} onClose={onClose} title="Detalhes da turma" size="lg" centered>
      {cls && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DetailField label="Turma" value={cls.name} />
          <DetailField label="Curso" value={cls.courseName} />
          <DetailField label="Professor" value={cls.teacherName ?? "—"} />
          <DetailField label="Tipo" value={MODALITY_LABELS[cls.classType]} />
          <DetailField label="Local" value={cls.location ?? "—"} />
          <DetailField label="Horário" value={cls.schedule} />
          <DetailField
            label="Inscrições"
            value={`${formatDate(cls.enrollmentStartDate)} a ${formatDate(cls.enrollmentEndDate)} (${classWindowLabel(cls, today)})`}
          />
          <DetailField label="Curso decorre" value={`${formatDate(cls.startDate)} a ${formatDate(cls.endDate)}`} />
          <DetailField
            label="Alunos"
            value={`${cls.currentStudents} de ${cls.maxStudents} (${occupancyPercent(cls.currentStudents, cls.maxStudents)}%)`}
          />
          <DetailField label="Estado" value={CLASS_STATUS_LABELS[cls.status]} />
          <DetailField label="Criada em" value={formatDateTime(cls.createdAt)} />
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Currículo
            </Text>
            {cls.curriculumFileId ? (
              <Anchor href={fileUrl(cls.curriculumFileId)} target="_blank" rel="noopener">
                Abrir currículo (PDF)
              </Anchor>
            ) : (
              <Text>—</Text>
            )}
          </Stack>
          <DetailField label="Observações" value={cls.notes ?? "—"} />
        </SimpleGrid>
      )}
    </Modal>
  );
}
