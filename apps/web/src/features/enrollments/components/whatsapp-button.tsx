import { referenceMessage, whatsappLink } from "@app/shared/reference-message";
import { Button } from "@mantine/core";
import { IconBrandWhatsapp } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { feedback } from "../../../lib/mutation-feedback";
import { instituteSettingsQuery } from "../../settings/api/institute-settings";
import { type AdminEnrollmentRow, useWhatsappSent } from "../api/admin-enrollments";

/**
 * 'Enviar por WhatsApp': a wa.me link to the student's number (+244) with the reference message
 * (the same text as the approval e-mail: course, code, amount, the institute's bank details).
 * Opening it records the sending in History.
 */
export function WhatsappButton({ enrollment }: { enrollment: AdminEnrollmentRow }) {
  const settings = useQuery(instituteSettingsQuery);
  const sent = useWhatsappSent();
  const code = enrollment.paymentReferenceCode;
  if (!code) return null;
  const href = settings.data
    ? whatsappLink(
        enrollment.studentPhone,
        referenceMessage({
          studentName: enrollment.studentName,
          courseName: enrollment.courseName,
          referenceCode: code,
          amount: enrollment.coursePrice,
          institute: settings.data,
        }),
      )
    : undefined;
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color="teal.9" // white on teal.9 is 4.9:1 (green.9 is 4.4:1, under AA)
      leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
      data-disabled={!href || undefined}
      aria-disabled={!href || undefined}
      onClick={(e) => {
        if (!href) return e.preventDefault();
        sent.mutate(enrollment.id, feedback({ failure: "Erro ao registar o envio por WhatsApp" }));
      }}
    >
      Enviar por WhatsApp
    </Button>
  );
}
