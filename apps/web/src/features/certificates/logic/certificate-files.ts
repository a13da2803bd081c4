import { formatCertificateNumber } from "@app/shared/certificate-number";

/** The name a downloaded certificate file gets: certificado-{number}.pdf / .json (SPEC §2), number grouped as printed. */
export function certificateFileName(number: string, ext: "pdf" | "json"): string {
  return `certificado-${formatCertificateNumber(number)}.${ext}`;
}
