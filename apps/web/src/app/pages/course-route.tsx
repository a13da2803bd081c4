import { CoursePage } from "../../features/courses/pages/course-page";
import { NotFoundPage } from "./not-found-page";

/** /cursos/{slug} (app/router.tsx, a chunk of its own): an unknown or inactive course shows the 404 page. */
export function Component() {
  return <CoursePage notFound={<NotFoundPage />} />;
}
