import { applyServerErrors, errorMessage } from "./form-errors";
import { toastError, toastSuccess } from "./toast";

type ToastText = string | { title: string; message?: string };

/** What the user sees when a change is sent: the SPEC's toast titles, and a form for the server's field messages. */
export interface Feedback<TData> {
  /** The failure toast's title ('Erro ao…'); the server's message is its text. */
  failure: string;
  /** The success toast (its title, or title and text); none when the screen shows the answer otherwise. */
  success?: ToastText | ((data: TData) => ToastText);
  /** The form whose fields get the server's field messages (a 400/409 with issues). */
  form?: Parameters<typeof applyServerErrors>[0];
  /** After the success toast: close the dialog, show the answer. */
  done?: (data: TData) => void;
  /** After a refusal, before its toast: what else the screen does (a class picker that refreshes its list). */
  failed?: (error: Error) => void;
}

/**
 * The one way a screen reacts to a mutation (issue 22): success → toast and `done`; failure → the
 * server's field messages on the form, then a toast with the failure title and the server's message.
 * Pass the result as the callbacks of `mutation.mutate(variables, feedback({...}))`.
 */
export function feedback<TData>(f: Feedback<TData>) {
  return {
    onSuccess: (data: TData) => {
      const text = typeof f.success === "function" ? f.success(data) : f.success;
      if (typeof text === "string") toastSuccess(text);
      else if (text) toastSuccess(text.title, text.message);
      f.done?.(data);
    },
    onError: (error: Error) => {
      if (f.form) applyServerErrors(f.form, error);
      f.failed?.(error);
      toastError(f.failure, errorMessage(error));
    },
  };
}

/**
 * The same for a request a dialog awaits (`ReasonDialog`'s `onSubmit`): the promise still rejects after
 * the toast, so the dialog puts the field messages on its own form and stays open.
 */
export function withFeedback<TData>(request: Promise<TData>, f: Omit<Feedback<TData>, "form">): Promise<TData> {
  const { onSuccess, onError } = feedback(f);
  return request.then(
    (data) => {
      onSuccess(data);
      return data;
    },
    (error: Error) => {
      onError(error);
      throw error;
    },
  );
}
