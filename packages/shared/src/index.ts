export * from "./dates";
export * from "./enums";
export * from "./money";
export * from "./rules";
export * from "./schemas/auth";
export * from "./schemas/catalog";
export * from "./schemas/enrollments";
export * from "./schemas/student-accounts";
