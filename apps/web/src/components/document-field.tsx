import { DOCUMENT_MIME_TYPES, MAX_FILE_MB } from "@app/shared/limits";
import { formatFileSize } from "@app/shared/text";
import { FileInput, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";

/** A document picked for upload: the file ready to send (null while it is prepared or when refused). */
export interface DocumentState {
  file: File | null;
  preparing: boolean;
  error?: string;
  note?: string;
}

/** One required document: its file, 'A preparar…' while it is checked and compressed, and what happened. */
export function DocumentField({
  label,
  state,
  onPick,
  accept = DOCUMENT_MIME_TYPES,
  formats = "JPEG, PNG, WEBP ou PDF",
}: {
  label: string;
  state: DocumentState;
  onPick: (file: File | null) => void;
  /** The types the picker offers and the hint names (a payment receipt: JPEG, PNG or PDF). */
  accept?: readonly string[];
  formats?: string;
}) {
  return (
    <FileInput
      label={label}
      description={state.preparing ? "Preparando o arquivo…" : (state.note ?? `${formats}, até ${MAX_FILE_MB}MB`)}
      placeholder="Escolher arquivo"
      accept={accept.join(",")}
      leftSection={<IconUpload size={16} aria-hidden />}
      required
      clearable
      value={state.file}
      error={state.error}
      disabled={state.preparing}
      onChange={onPick}
      inputContainer={(children) => (
        <>
          {children}
          {state.file && (
            <Text size="xs" c="dimmed" mt={2}>
              {state.file.name} ({formatFileSize(state.file.size)})
            </Text>
          )}
        </>
      )}
    />
  );
}
