import { ENROLLMENT_DOCUMENTS } from "@app/shared/enrollment-documents";
import { formatFileSize } from "@app/shared/text";
import { useRef, useState } from "react";
import { IMAGE_UNREADABLE, type Prepared, prepareDocument } from "../lib/prepare-document";
import type { DocumentState } from "./document-field";

export type DocumentFieldName = (typeof ENROLLMENT_DOCUMENTS)[number]["field"];

export type Documents = Record<DocumentFieldName, DocumentState>;

export const DOCUMENT_MISSING = "Anexe este documento";

const empty: DocumentState = { file: null, preparing: false };
const initial: Documents = { idCardFront: empty, idCardBack: empty, certificate: empty };

const isDocumentField = (path: string): path is DocumentFieldName => ENROLLMENT_DOCUMENTS.some((d) => d.field === path);

/**
 * The form's three documents: each picked file is checked and compressed (`prepare`, injectable for
 * tests) while the user goes on. `submitWhenReady` waits for files still being prepared before it
 * runs the submit, so a tap on 'Enviar' during a compression is never answered with 'preencha';
 * a second tap while it waits or sends is ignored.
 */
export function useEnrollmentDocuments(prepare: (file: File) => Promise<Prepared> = prepareDocument) {
  const [documents, setDocuments] = useState(initial);
  const [waiting, setWaiting] = useState(false);
  // The latest state and the preparations under way, read after an await (state would be stale there).
  const latest = useRef(initial);
  const pending = useRef(new Map<DocumentFieldName, Promise<void>>());
  const submitting = useRef(false);

  const update = (field: DocumentFieldName, change: Partial<DocumentState>) => {
    latest.current = { ...latest.current, [field]: { ...latest.current[field], ...change } };
    setDocuments(latest.current);
  };

  const pick = (field: DocumentFieldName, picked: File | null) => {
    if (!picked) {
      pending.current.delete(field);
      return update(field, { file: null, preparing: false, error: undefined, note: undefined });
    }
    update(field, { file: null, preparing: true, error: undefined, note: undefined });
    const job: Promise<void> = prepare(picked)
      .catch((): Prepared => ({ error: IMAGE_UNREADABLE }))
      .then((result) => {
        if (pending.current.get(field) !== job) return; // replaced or cleared meanwhile
        pending.current.delete(field);
        if ("error" in result) return update(field, { preparing: false, error: result.error });
        const note = result.compressed
          ? `Imagem comprimida: ${formatFileSize(picked.size)} → ${formatFileSize(result.file.size)}`
          : undefined;
        update(field, { preparing: false, file: result.file, note });
      });
    pending.current.set(field, job);
  };

  const settled = async () => {
    while (pending.current.size > 0) await Promise.all(pending.current.values());
    return latest.current;
  };

  const submitWhenReady = async (submit: (ready: Documents) => unknown) => {
    if (submitting.current) return;
    submitting.current = true;
    try {
      if (pending.current.size > 0) setWaiting(true);
      const ready = await settled();
      setWaiting(false);
      await submit(ready);
    } finally {
      submitting.current = false;
      setWaiting(false);
    }
  };

  /**
   * Marks each document without a file (keeping a refusal already shown); returns those documents.
   * `needed` leaves out documents the form does not ask for (a returning student keeps them on file).
   */
  const markMissing = (needed: readonly DocumentFieldName[] = ENROLLMENT_DOCUMENTS.map((d) => d.field)) => {
    const missing = ENROLLMENT_DOCUMENTS.filter((d) => needed.includes(d.field) && !latest.current[d.field].file);
    for (const d of missing) if (!latest.current[d.field].error) update(d.field, { error: DOCUMENT_MISSING });
    return missing.map((d) => ({ ...d, error: latest.current[d.field].error! }));
  };

  /**
   * Puts the server's document problems on their fields, without the document's name the field's
   * label already shows ('Bilhete de Identidade (verso): Formato inválido…'); true when there were any.
   */
  const showServerErrors = (issues: readonly { path: string; message: string }[]) => {
    let shown = false;
    for (const issue of issues) {
      if (!isDocumentField(issue.path)) continue;
      const label = ENROLLMENT_DOCUMENTS.find((d) => d.field === issue.path)!.label;
      update(issue.path, { error: issue.message.replace(`${label}: `, "") });
      shown = true;
    }
    return shown;
  };

  return { documents, waiting, pick, submitWhenReady, markMissing, showServerErrors };
}
