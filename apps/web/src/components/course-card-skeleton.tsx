import { Card, Skeleton, Stack } from "@mantine/core";

export function CourseCardSkeleton() {
  return (
    <Card withBorder padding="lg" aria-hidden data-testid="course-skeleton">
      <Stack gap="sm">
        <Skeleton height={20} width="40%" />
        <Skeleton height={24} width="80%" />
        <Skeleton height={48} />
        <Skeleton height={28} width="50%" />
        <Skeleton height={36} />
      </Stack>
    </Card>
  );
}

/** `count` placeholder cards while the catalogue loads. */
export function CourseCardSkeletons({ count }: { count: number }) {
  const keys = Array.from({ length: count }, (_, n) => `skeleton-${n}`);
  return keys.map((key) => <CourseCardSkeleton key={key} />);
}
