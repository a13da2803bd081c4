import { Card, Stack } from "@mantine/core";
import classes from "./course-card-skeleton.module.css";

/** A grey block: plain CSS rather than Mantine's Skeleton, ~0.4 KB gzip less of the public first load (decision 096). */
function Bar({ height, width = "100%" }: { height: number; width?: string }) {
  return <div className={classes.bar} style={{ height, width }} />;
}

export function CourseCardSkeleton() {
  return (
    <Card withBorder padding="lg" aria-hidden data-testid="course-skeleton">
      <Stack gap="sm">
        <Bar height={20} width="40%" />
        <Bar height={24} width="80%" />
        <Bar height={48} />
        <Bar height={28} width="50%" />
        <Bar height={36} />
      </Stack>
    </Card>
  );
}

/** `count` placeholder cards while the catalogue loads. */
export function CourseCardSkeletons({ count }: { count: number }) {
  const keys = Array.from({ length: count }, (_, n) => `skeleton-${n}`);
  return keys.map((key) => <CourseCardSkeleton key={key} />);
}
