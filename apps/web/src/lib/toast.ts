import { notifications } from "@mantine/notifications";

/**
 * The same text already on screen is not stacked a second time (a double tap, an effect that runs
 * again before its page unmounts): the id is the text, and Mantine ignores an id it already shows.
 */
const idOf = (color: string, title: string, message?: string) => `${color}:${title}:${message ?? ""}`;

/** Success and failure toasts with the SPEC's texts (title, optional detail). */
export function toastSuccess(title: string, message?: string, autoClose: number | false = 4000) {
  notifications.show({ id: idOf("green", title, message), color: "green", title, message: message ?? "", autoClose });
}

export function toastError(title: string, message?: string) {
  notifications.show({ id: idOf("red", title, message), color: "red", title, message: message ?? "", autoClose: 6000 });
}
