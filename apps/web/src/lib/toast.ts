import { notifications } from "@mantine/notifications";

/** Success and failure toasts with the SPEC's texts (title, optional detail). */
export function toastSuccess(title: string, message?: string, autoClose: number | false = 4000) {
  notifications.show({ color: "green", title, message: message ?? "", autoClose });
}

export function toastError(title: string, message?: string) {
  notifications.show({ color: "red", title, message: message ?? "", autoClose: 6000 });
}
