import { formatDateTime } from "@app/shared/dates";
import { COURSE_STATUS_LABELS, MODALITY_LABELS } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { durationLabel } from "@app/shared/rules";
import { Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import type { Course } from "../api/admin-courses";

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}

export function CourseDetailsDialog({ course, onClose }: { course: Course | null; onClose: () => void }) {
  return (
    <Modal opened={course !== null} onClose={onClose} title="Detalhes do curso" size="lg" centered>
      {course && (
        <Stack gap="md">
          <Field label="Nome" value={course.name} />
          <Field label="Descrição" value={course.description ?? "—"} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Field label="Área" value={course.area ?? "—"} />
            <Field label="Modalidade" value={course.modality ? MODALITY_LABELS[course.modality] : "—"} />
            <Field label="Duração" value={durationLabel(course.durationMonths)} />
            <Field label="Preço" value={formatKz(course.price)} />
            <Field label="Estado" value={COURSE_STATUS_LABELS[course.status]} />
            <Field label="Criado em" value={formatDateTime(course.createdAt)} />
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
