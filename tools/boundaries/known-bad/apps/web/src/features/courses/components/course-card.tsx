export const CourseCard = "course-card";
