export * from "./dates";
export * from "./enums";
export * from "./money";
export * from "./rules";
