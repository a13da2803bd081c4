import { FileInput, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { prepareDocument } from "../prepare-document";

/** One required document: picks, checks and compresses it, and says what happened. */
export function DocumentField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: File | null;
  error?: string;
  onChange: (file: File | null, error?: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string>();
  return (
    <FileInput
      label={label}
      description={busy ? "A preparar o ficheiro..." : (note ?? "JPEG, PNG, WEBP ou PDF, até 5MB")}
      placeholder="Escolher ficheiro"
      accept="image/jpeg,image/png,image/webp,application/pdf"
      leftSection={<IconUpload size={16} aria-hidden />}
      required
      clearable
      value={value}
      error={error}
      disabled={busy}
      onChange={async (picked) => {
        setNote(undefined);
        if (!picked) return onChange(null);
        setBusy(true);
        const result = await prepareDocument(picked);
        setBusy(false);
        if ("error" in result) return onChange(null, result.error);
        if (result.compressed) {
          setNote(
            `Imagem comprimida: ${(picked.size / 1048576).toFixed(1)} MB → ${(result.file.size / 1048576).toFixed(1)} MB`,
          );
        }
        onChange(result.file);
      }}
      inputContainer={(children) => (
        <>
          {children}
          {value && (
            <Text size="xs" c="dimmed" mt={2}>
              {value.name} ({Math.ceil(value.size / 1024)} KB)
            </Text>
          )}
        </>
      )}
    />
  );
}
