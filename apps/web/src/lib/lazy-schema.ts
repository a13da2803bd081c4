import { type FormErrors, schemaResolver } from "@mantine/form";
import type { FormEvent } from "react";

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A form's schema module, imported when the form is first used instead of with its screen (decision 100):
 * the schemas and the validation library they need stay off a student screen's first load. `load` starts
 * the import (give it to the form's onFocus); `validate` checks with the schema once it is there; and
 * `submitted` makes a submit wait for it, so a form never submits unchecked.
 */
export type LazySchema<M> = ReturnType<typeof lazySchema<M>>;

export function lazySchema<M>(importModule: () => Promise<M>) {
  let loaded: M | undefined;
  let loading: Promise<unknown> | undefined;
  const load = () =>
    (loading ??= importModule().then(
      (m) => (loaded = m),
      () => (loading = undefined), // offline: the next focus or submit tries again; the server still checks
    ));
  return {
    load,
    /** A Mantine form's `validate`: the schema `pick` names, synchronously; nothing before it has loaded. */
    validate:
      (pick: (m: M) => Schema) =>
      (values: unknown): FormErrors =>
        loaded ? schemaResolver(pick(loaded), { sync: true })(values) : {},
    /**
     * A Mantine form's `transformValues`: what the schema `pick` names reads from the values (a submit waited
     * for it with `submitted`). Offline, the import failed: the values as typed, which the server checks.
     */
    parsed:
      <Output>(pick: (m: M) => { parse: (values: unknown) => Output }) =>
      (values: unknown): Output =>
        loaded ? pick(loaded).parse(values) : (values as Output),
    /** The form's onSubmit: `submit` (Mantine's `form.onSubmit(…)`) once the schema is there. */
    submitted: (submit: () => void) => (event: FormEvent) => {
      event.preventDefault();
      void load().then(() => submit());
    },
  };
}
