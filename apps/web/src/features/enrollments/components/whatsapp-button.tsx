import { type MulticaixaPart, referenceMessage, whatsappLink } from "@app/shared/reference-message";
import { Button, Group } from "@mantine/core";
import { IconBrandWhatsapp } from "@tabler/icons-react";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { feedback } from "../../../lib/mutation-feedback";
import {
  type LiveReference,
  liveReferenceQuery,
  REFERENCE_WAIT_TRIES,
} from "../../payment-references/api/payment-references";
import { instituteSettingsQuery } from "../../settings/api/institute-settings";
import { type AdminEnrollmentRow, useWhatsappSent } from "../api/admin-enrollments";

/** The Multicaixa part of the text: only a reference that exists and can still be paid. */
function payable(reference: LiveReference): MulticaixaPart | null {
  if (reference?.status !== "active" || reference.expired || !reference.entity || !reference.reference) {
    return null;
  }
  return {
    entity: reference.entity,
    reference: reference.reference,
    amount: reference.amount,
    endsAt: reference.endsAt,
  };
}

/**
 * Whether the button still waits: fewer than REFERENCE_WAIT_TRIES answers so far (the query's own count;
 * `_updatedAt` is read so that each answer, even an unchanged one, renders the button again).
 */
function referenceReads(client: QueryClient, enrollmentId: string, _updatedAt: number) {
  const reads = client.getQueryState(liveReferenceQuery(enrollmentId).queryKey)?.dataUpdateCount ?? 0;
  return reads < REFERENCE_WAIT_TRIES;
}

/**
 * 'Enviar por WhatsApp': a wa.me link to the student's number (+244) with the reference message (the
 * same text as the approval e-mail: course, code, amount, the institute's bank details) and, when the
 * enrolment has a live Multicaixa reference, its entity, reference, amount and end first (decision 077).
 * While the reference is still being created the button waits for it (asked again every 2 s, a short
 * while) and says so; staff may still send the transfer details alone. Opening it records the sending.
 */
export function WhatsappButton({ enrollment }: { enrollment: AdminEnrollmentRow }) {
  const settings = useQuery(instituteSettingsQuery);
  const client = useQueryClient();
  const live = useQuery(liveReferenceQuery(enrollment.id));
  const sent = useWhatsappSent();
  const code = enrollment.paymentReferenceCode;
  if (!code) return null;
  const reference = live.data?.reference ?? null;
  const waiting = reference?.status === "creating" && referenceReads(client, enrollment.id, live.dataUpdatedAt);
  const hrefWith = (multicaixa: MulticaixaPart | null) =>
    settings.data
      ? whatsappLink(
          enrollment.studentPhone,
          referenceMessage({
            studentName: enrollment.studentName,
            courseName: enrollment.courseName,
            referenceCode: code,
            amount: enrollment.coursePrice,
            institute: settings.data,
            multicaixa,
          }),
        )
      : undefined;
  const record = () => sent.mutate(enrollment.id, feedback({ failure: "Erro ao registrar o envio por WhatsApp" }));

  if (waiting) {
    const transferOnly = hrefWith(null);
    return (
      <Group gap="xs">
        <Button color="teal.9" disabled leftSection={<IconBrandWhatsapp size={18} aria-hidden />}>
          Criando a referência Multicaixa…
        </Button>
        <Button
          component="a"
          variant="subtle"
          color="teal.9"
          href={transferOnly}
          target="_blank"
          rel="noopener noreferrer"
          data-disabled={!transferOnly || undefined}
          aria-disabled={!transferOnly || undefined}
          onClick={(e) => {
            if (!transferOnly) return e.preventDefault();
            record();
          }}
        >
          Enviar só os dados de transferência
        </Button>
      </Group>
    );
  }

  // Not yet known: a moment (a failed read sends the transfer details alone).
  const href = live.isPending ? undefined : hrefWith(payable(reference));
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
        record();
      }}
    >
      Enviar por WhatsApp
    </Button>
  );
}
