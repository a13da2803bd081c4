import { formatDateTime } from "@app/shared/dates";
import { COURSE_STATUS_LABELS, MODALITY_LABELS } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { durationLabel } from "@app/shared/rules";
import { Modal, SimpleGrid, Stack } from "@mantine/core";
import { DetailField } from "../../../components/detail-field";
import type { Course } from "../api/admin-courses";

export function CourseDetailsDialog({ course, onClose }: { course: Course | null; onClose: () => void }) {
  return (
    <Modal opened={course !== null} onClose={onClose} title="Detalhes do curso" size="lg" centered>
      {course && (
        <Stack gap="md">
          <DetailField label="Nome" value={course.name} />
          <DetailField label="Descrição" value={course.description ?? "—"} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DetailField label="Área" value={course.area ?? "—"} />
            <DetailField label="Modalidade" value={course.modality ? MODALITY_LABELS[course.modality] : "—"} />
            <DetailField label="Duração" value={durationLabel(course.durationMonths)} />
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
