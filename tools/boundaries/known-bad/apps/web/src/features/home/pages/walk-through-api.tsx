// expect: feature-to-feature-only-api
// A `..` walk: the string passes through another feature's api/ and ends in its components/.
import { CourseCard } from "../../courses/api/../components/course-card";

export const HomeCard = CourseCard;
