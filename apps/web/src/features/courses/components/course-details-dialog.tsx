import { formatDateTime } from "@app/shared/dates";
import { COURSE_STATUS_LABELS, MODALITY_LABELS } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { durationLabel, workloadLabel } from "@app/shared/rules";
import { SimpleGrid, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { DetailField } from "../../../components/detail-field";
import { Modal } from "../../../components/modal";
import { coursesQuery } from "../api/admin-courses";

/** A course as the list holds it now: read by id, so a refetch shows at once in the open dialog. */
export function CourseDetailsDialog({
  opened,
  courseId,
  onClose,
}: {
  opened: boolean;
  courseId: string | null;
  onClose: () => void;
}) {
  const { data: courses } = useQuery({ ...coursesQuery, enabled: courseId !== null });
  const course = courses?.find((c) => c.id === courseId);
  return (
    <Modal opened={opened} onClose={onClose} title="Detalhes do curso" size="lg" centered>
      {course && (
        <Stack gap="md">
          <DetailField label="Nome" value={course.name} />
          <DetailField label="Descrição" value={course.description ?? "—"} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DetailField label="Área" value={course.area ?? "—"} />
            <DetailField label="Modalidade" value={course.modality ? MODALITY_LABELS[course.modality] : "—"} />
            <DetailField label="Duração" value={durationLabel(course.durationMonths)} />
            <DetailField
              label="Carga horária"
              value={course.workloadHours ? workloadLabel(course.workloadHours, course.durationMonths) : "—"}
            />
            <DetailField label="Preço" value={formatKz(course.price)} />
            <DetailField label="Estado" value={COURSE_STATUS_LABELS[course.status]} />
            <DetailField label="Em destaque" value={course.featured ? "Sim, na página inicial" : "Não"} />
            <DetailField label="Criado em" value={formatDateTime(course.createdAt)} />
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
