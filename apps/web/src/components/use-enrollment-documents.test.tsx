import { MantineProvider } from "@mantine/core";
import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Prepared } from "../lib/prepare-document";
import { DocumentField } from "./document-field";
import { type Documents, useEnrollmentDocuments } from "./use-enrollment-documents";

/** A preparation the test finishes when it wants: compression of a big photo takes seconds on a phone. */
function slowPreparation() {
  const jobs: { file: File; finish: (result: Prepared) => void }[] = [];
  const prepare = (file: File) => new Promise<Prepared>((finish) => jobs.push({ file, finish }));
  return { prepare, jobs };
}

const photo = (bytes: number, name = "bi-frente.jpg") =>
  new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
const pdf = () => new File(["%PDF-1.4\n"], "certificado.pdf", { type: "application/pdf" });

/** The ID card's front field, as the form wires it. */
function FrontOfIdCard({ prepare }: { prepare: (file: File) => Promise<Prepared> }) {
  const uploads = useEnrollmentDocuments(prepare);
  return (
    <DocumentField
      label="Bilhete de Identidade (frente)"
      state={uploads.documents.idCardFront}
      onPick={(file) => uploads.pick("idCardFront", file)}
    />
  );
}

describe("the enrolment form's documents", () => {
  it("holds a submit made while a photo is being prepared, then sends once, with the prepared photo", async () => {
    const { prepare, jobs } = slowPreparation();
    const { result } = renderHook(() => useEnrollmentDocuments(prepare));
    act(() => {
      result.current.pick("idCardBack", photo(300_000, "verso.jpg"));
      result.current.pick("certificate", pdf());
    });
    await act(async () => {
      jobs[0]!.finish({ file: jobs[0]!.file, compressed: false });
      jobs[1]!.finish({ file: jobs[1]!.file, compressed: false });
    });
    act(() => result.current.pick("idCardFront", photo(6_000_000)));

    const sent: Documents[] = [];
    const submit = vi.fn((ready: Documents) => {
      sent.push(ready);
      return new Promise((r) => setTimeout(r, 20)); // the upload takes a while too
    });
    let first: Promise<void> | undefined;
    await act(async () => {
      first = result.current.submitWhenReady(submit);
    });
    expect(result.current.waiting).toBe(true);
    expect(submit).not.toHaveBeenCalled();
    await act(() => result.current.submitWhenReady(submit)); // a second tap while it waits

    const compressed = photo(850_000, "bi-frente.jpg");
    await act(async () => {
      jobs[2]!.finish({ file: compressed, compressed: true });
      await first;
    });
    expect(submit).toHaveBeenCalledTimes(1);
    expect(sent[0]!.idCardFront.file).toBe(compressed);
    expect(sent[0]!.certificate.file?.name).toBe("certificado.pdf");
    expect(result.current.waiting).toBe(false);
    expect(Object.values(result.current.documents).map((d) => d.error)).toEqual([undefined, undefined, undefined]);
  });

  it("marks a field left empty 'Anexe este documento' and keeps the reason a refused file was given", async () => {
    const { prepare, jobs } = slowPreparation();
    const { result } = renderHook(() => useEnrollmentDocuments(prepare));
    act(() => result.current.pick("idCardBack", new File(["<html>"], "verso.jpg", { type: "image/jpeg" })));
    await act(async () => jobs[0]!.finish({ error: "Formato inválido. Use JPEG, PNG, WEBP ou PDF" }));

    let missing: ReturnType<typeof result.current.markMissing> = [];
    act(() => {
      missing = result.current.markMissing();
    });
    expect(missing.map((d) => [d.field, d.error])).toEqual([
      ["idCardFront", "Anexe este documento"],
      ["idCardBack", "Formato inválido. Use JPEG, PNG, WEBP ou PDF"],
      ["certificate", "Anexe este documento"],
    ]);
    expect(result.current.documents.idCardBack.error).toBe("Formato inválido. Use JPEG, PNG, WEBP ou PDF");
  });

  it("puts the server's refusal on the document's field without repeating its name", () => {
    const { result } = renderHook(() => useEnrollmentDocuments(slowPreparation().prepare));
    const message = "Bilhete de Identidade (verso): Formato inválido. Use JPEG, PNG, WEBP ou PDF";
    let shown = false;
    act(() => {
      shown = result.current.showServerErrors([
        { path: "idCardBack", message },
        { path: "motherName", message: "Nome da mãe deve ter no mínimo 2 nomes" },
      ]);
    });
    expect(shown).toBe(true);
    expect(result.current.documents.idCardBack.error).toBe("Formato inválido. Use JPEG, PNG, WEBP ou PDF");
    expect(result.current.documents.idCardFront.error).toBeUndefined();
  });

  it("shows 'Preparando o arquivo…' while a photo is compressed, then the sizes the pt-AO way", async () => {
    const { prepare, jobs } = slowPreparation();
    const { container } = render(
      <MantineProvider env="test">
        <FrontOfIdCard prepare={prepare} />
      </MantineProvider>,
    );
    await userEvent.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, photo(5_300_000));
    expect(screen.getByText("Preparando o arquivo…")).toBeTruthy();

    await act(async () => jobs[0]!.finish({ file: photo(850_000), compressed: true }));
    expect(screen.getByText("Imagem comprimida: 5,0 MB → 831 KB")).toBeTruthy();
    expect(screen.getByText("bi-frente.jpg (831 KB)")).toBeTruthy();
  });
});
