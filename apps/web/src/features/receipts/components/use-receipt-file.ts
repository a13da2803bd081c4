import { RECEIPT_MIME_TYPES } from "@app/shared/limits";
import { RECEIPT_WRONG_TYPE } from "@app/shared/messages";
import { formatFileSize } from "@app/shared/text";
import { useRef, useState } from "react";
import type { DocumentState } from "../../../components/document-field";
import { IMAGE_UNREADABLE, type Prepared, prepareDocument } from "../../../lib/prepare-document";

const empty: DocumentState = { file: null, preparing: false };
const prepareReceipt = (file: File) =>
  prepareDocument(file, { types: RECEIPT_MIME_TYPES, wrongType: RECEIPT_WRONG_TYPE.message });

/**
 * The receipt's file: checked by content (JPEG, PNG or PDF, ≤ 5 MB) and, for a photo, compressed while
 * the student fills in the rest. A file picked again replaces the one being prepared.
 */
export function useReceiptFile(prepare: (file: File) => Promise<Prepared> = prepareReceipt) {
  const [state, setState] = useState(empty);
  const job = useRef<Promise<void> | null>(null);

  const pick = (picked: File | null) => {
    if (!picked) {
      job.current = null;
      return setState(empty);
    }
    setState({ file: null, preparing: true });
    const current: Promise<void> = prepare(picked)
      .catch((): Prepared => ({ error: IMAGE_UNREADABLE }))
      .then((result) => {
        if (job.current !== current) return; // replaced or cleared meanwhile
        job.current = null;
        if ("error" in result) return setState({ file: null, preparing: false, error: result.error });
        const note = result.compressed
          ? `Imagem comprimida: ${formatFileSize(picked.size)} → ${formatFileSize(result.file.size)}`
          : undefined;
        setState({ file: result.file, preparing: false, note });
      });
    job.current = current;
  };

  const reset = () => {
    job.current = null;
    setState(empty);
  };

  const setError = (error: string) => setState((s) => ({ ...s, error }));

  return { state, pick, reset, setError };
}
