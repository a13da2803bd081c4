// biome-ignore lint/style/noRestrictedImports: the one place Mantine's Modal is used, wrapped
import { Modal as MantineModal, type ModalProps } from "@mantine/core";
import { useId, useLayoutEffect } from "react";
import { DIALOG_ID, dialogClosed, dialogOpened } from "./focus-return";

/**
 * Mantine's Modal, returning focus to the control that opened it when it closes (decision 087; the rule
 * is in focus-return.ts). Mantine's own return only notes the opener when `opened` changes on a mounted
 * modal: the row dialogs mount already open (a new `key` per opening) and their openers are often
 * replaced once the change they made refetches the list, so its return is switched off for this one.
 */
export function Modal({ opened, ...props }: ModalProps) {
  const id = useId();
  // Layout effects: opening runs before the focus trap moves focus into the dialog (on a timer), so the
  // opener still has focus. Closing runs in the effect's body, not in a clean-up: React runs the clean-ups
  // of an update before it puts back the focus the commit disturbed, which would be the fading dialog's.
  useLayoutEffect(() => (opened ? dialogOpened(id) : dialogClosed(id)), [opened, id]);
  // Unmounted while open (rendered conditionally, or its screen left): the dialog's nodes are gone then.
  useLayoutEffect(() => () => dialogClosed(id), [id]);
  return <MantineModal opened={opened} {...props} returnFocus={false} {...{ [DIALOG_ID]: id }} />;
}
