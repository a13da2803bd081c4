import { coursePagePath } from "@app/shared/course-page";
import { MODALITY_LABELS } from "@app/shared/modalities";
import { formatKz } from "@app/shared/money";
import { durationLabel } from "@app/shared/rules";
import type { catalogCourseSchema } from "@app/shared/schemas/catalog";
import type { z } from "@app/shared/zod";
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

type CatalogCourse = z.infer<typeof catalogCourseSchema>;

/** A course card; `headingOrder` keeps the page outline valid (h2 in the catalogue, h3 under a section). */
export function CourseCard({ course, headingOrder = 3 }: { course: CatalogCourse; headingOrder?: 2 | 3 }) {
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={`curso-${course.id}`} h="100%">
      <Stack gap="sm" h="100%">
        <Group gap="xs">
          {course.area && <Badge variant="light">{course.area}</Badge>}
          {course.modality && (
            <Badge variant="outline" color="gray.8">
              {MODALITY_LABELS[course.modality]}
            </Badge>
          )}
        </Group>
        <Title order={headingOrder} size="h4" id={`curso-${course.id}`}>
          <Anchor component={Link} to={coursePagePath(course.slug)} c="inherit" inherit>
            {course.name}
          </Anchor>
        </Title>
        {course.description && (
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>
            {course.description}
          </Text>
        )}
        <Group justify="space-between" align="end" mt="auto">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Duração: {durationLabel(course.durationMonths)}
            </Text>
            <Text fw={800} size="lg" c="blue.9">
              {formatKz(course.price)}
            </Text>
          </Stack>
        </Group>
        <Button component={Link} to={`/inscricao?curso=${course.id}`} fullWidth>
          Inscrever-se Agora
        </Button>
      </Stack>
    </Card>
  );
}
