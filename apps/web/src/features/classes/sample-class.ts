import type { SchoolClass } from "./api/classes";

/** A class as GET /api/classes returns it, for tests: 0 of 10 enrolled, enrolments open in Nov 2026. */
export function sampleClass(overrides: Partial<SchoolClass> = {}): SchoolClass {
  return {
    id: "c1",
    name: "Turma A",
    courseId: "k1",
    courseName: "Web",
    teacherId: null,
    teacherName: null,
    classType: "presencial",
    location: null,
    enrollmentStartDate: "2026-11-01",
    enrollmentEndDate: "2026-11-30",
    startDate: "2026-12-01",
    endDate: "2027-03-01",
    schedule: "Seg 18h",
    maxStudents: 10,
    currentStudents: 0,
    curriculumFileId: null,
    status: "active",
    notes: null,
    createdAt: "2026-10-01T00:00:00Z",
    ...overrides,
  };
}
