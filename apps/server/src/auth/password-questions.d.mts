export type PasswordQuestion =
  | { op: "hash"; password: string }
  | { op: "verify"; password: string; hash: string }
  | { op: "hashLike"; password: string; hash: string };
export function answerPasswordQuestion(question: PasswordQuestion): Promise<string | boolean>;
