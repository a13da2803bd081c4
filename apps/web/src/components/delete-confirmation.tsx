import type { UseMutationResult } from "@tanstack/react-query";
import { type ReactNode, useRef, useState } from "react";
import { feedback } from "../lib/mutation-feedback";
import { ConfirmDialog, DELETE_LABEL } from "./confirm-dialog";

/** What deleting a row of an admin list says and does. */
export interface DeletionOptions<T> {
  /** The thing deleted, for the title: 'curso' → 'Excluir curso'. */
  noun: string;
  /** The row with its article, for the question: (c) => `o curso «${c.name}»`. */
  what: (row: T) => ReactNode;
  /** What else goes with it, after the question ('O currículo dela também é apagado.'). */
  consequence?: string;
  /** The delete mutation of the feature's `api/` module, given the row's id. */
  mutation: Pick<UseMutationResult<unknown, Error, string>, "mutate" | "isPending">;
  /** The SPEC's toasts: 'Curso excluído com sucesso!', 'Erro ao excluir curso'. */
  success: string;
  failure: string;
}

/**
 * The delete confirmation of an admin list (issue 22): `open(row)` from the row's 'Excluir' button,
 * then `<DeleteConfirmation deletion={…} />` asks, sends, toasts and closes. The row is kept while the
 * dialog fades out, so its text does not change.
 */
export function useDeletion<T extends { id: string }>(options: DeletionOptions<T>) {
  const [state, setState] = useState<{ row: T | null; opened: boolean }>({ row: null, opened: false });
  return {
    ...options,
    row: state.row,
    opened: state.opened,
    open: (row: T) => setState({ row, opened: true }),
    close: () => setState((s) => ({ ...s, opened: false })),
  };
}

export type Deletion<T extends { id: string }> = ReturnType<typeof useDeletion<T>>;

export function DeleteConfirmation<T extends { id: string }>({ deletion }: { deletion: Deletion<T> }) {
  const { row, mutation } = deletion;
  // isPending is seen only at the next render: a double click must send one request.
  const sending = useRef(false);
  const confirm = () => {
    if (row === null || sending.current) return;
    sending.current = true;
    mutation.mutate(row.id, {
      ...feedback({ success: deletion.success, failure: deletion.failure, done: deletion.close }),
      onSettled: () => {
        sending.current = false;
      },
    });
  };
  return (
    <ConfirmDialog
      opened={deletion.opened}
      title={`${DELETE_LABEL} ${deletion.noun}`}
      loading={mutation.isPending}
      onClose={deletion.close}
      onConfirm={confirm}
    >
      Tem certeza de que quer {DELETE_LABEL.toLowerCase()} {row !== null && deletion.what(row)}?
      {deletion.consequence && ` ${deletion.consequence}`}
    </ConfirmDialog>
  );
}
