import { UNEXPECTED_ERROR } from "@app/shared/request-messages";
import type { UseFormReturnType } from "@mantine/form";
import { ApiError } from "./api";

/** Puts the server's field messages on the form's fields; true when there were any. */
export function applyServerErrors(form: Pick<UseFormReturnType<object>, "setErrors">, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.issues.length === 0) return false;
  form.setErrors(Object.fromEntries(error.issues.map((i) => [i.path, i.message])));
  return true;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : UNEXPECTED_ERROR.message;
}
