import { formatKz } from "@app/shared/money";
import { canOpenScreen } from "@app/shared/screen-access";
import { Alert, Anchor, Button, Grid, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import {
  IconAlertCircle,
  IconBook,
  IconCash,
  IconClipboardList,
  IconQrcode,
  IconReceiptOff,
  IconUsers,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { errorMessage } from "../../../lib/form-errors";
import { useSession } from "../../../lib/session";
import { unmatchedSectionPath, useReferenceSummary } from "../../payment-references/api/payment-references";
import { useBaseUrlStatus } from "../api/base-url";
import { dashboardQuery } from "../api/dashboard";
import { useMailFailures } from "../api/mail-failures";
import { useSmsNotices } from "../api/sms-notices";
import { ApplicationsBySource } from "../components/applications-by-source";
import { BaseUrlNotice } from "../components/base-url-notice";
import { MailFailuresNotice } from "../components/mail-failures-notice";
import { ReferencesOffNotice } from "../components/references-off-notice";
import { RevenueChart } from "../components/revenue-chart";
import { SmsNotices } from "../components/sms-notices";
import { TwoFactorNotice, useRoleTwoFactor } from "../components/two-factor-notice";
import { nextStepsFor } from "../logic/next-steps";
import { pendingHint } from "../logic/pending-hint";

/** /admin: 'Painel' (SPEC §2 'Admin dashboard'). */
export function Component() {
  const { data, isPending, isError, error, refetch, isRefetching } = useQuery(dashboardQuery);
  const role = useSession().data?.staff?.role;
  const steps = nextStepsFor(role);
  const seesApplications = canOpenScreen(role, "enrollments");
  // Finance's roles: how many reference payments wait, first thing on the Painel (decision 084).
  const references = useReferenceSummary(role);
  const cards = references.finance ? 6 : 5;
  const chartTitleId = useId();
  const stepsTitleId = useId();
  // The notices above the cards come from their own requests: the page shows its place-holders until
  // the figures and the notices are all known, so nothing moves when one of them arrives (no layout shift).
  const baseUrlLoading = useBaseUrlStatus().isLoading;
  const mailFailuresLoading = useMailFailures().isLoading;
  const smsNoticesLoading = useSmsNotices().isLoading;
  const twoFactorLoading = useRoleTwoFactor().isLoading;
  if (
    isPending ||
    baseUrlLoading ||
    mailFailuresLoading ||
    smsNoticesLoading ||
    twoFactorLoading ||
    references.isLoading
  ) {
    return (
      <Stack gap="lg">
        <PageHeader title="Painel" subtitle="Resumo da atividade do instituto" />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: cards }}>
          {Array.from({ length: cards }, (_, n) => n).map((n) => (
            <Skeleton key={n} h={98} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton h={340} radius="md" />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader title="Painel" subtitle="Resumo da atividade do instituto" />
      <BaseUrlNotice />
      <MailFailuresNotice />
      <SmsNotices />
      <TwoFactorNotice />
      <ReferencesOffNotice suspended={references.data?.suspended ?? 0} />
      {isError ? (
        <Alert color="red" variant="light" title="Não foi possível carregar o painel" icon={<IconAlertCircle />}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(error)}</Text>
            <Button variant="outline" color="red" size="xs" loading={isRefetching} onClick={() => refetch()}>
              Tentar novamente
            </Button>
          </Stack>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: cards }}>
          {references.finance && (
            <StatCard
              label="Pagamentos por referência"
              value={references.data?.open ?? "—"}
              hint={
                references.data
                  ? references.data.open === 0
                    ? "Nenhum por resolver"
                    : "Por resolver: aplicar à inscrição ou arquivar"
                  : "Não foi possível contar"
              }
              link={references.data?.open ? { to: unmatchedSectionPath(), label: "Resolver em Financeiro" } : undefined}
              icon={<IconQrcode size={20} />}
            />
          )}
          <StatCard label="Total de alunos" value={data.totalStudents} icon={<IconUsers size={20} />} />
          <StatCard label="Cursos ativos" value={data.activeCourses} icon={<IconBook size={20} />} />
          <StatCard
            label="Inscrições pendentes"
            value={data.pendingEnrollments}
            hint={pendingHint(data)}
            icon={<IconClipboardList size={20} />}
          />
          <StatCard
            label="Aguardam novo comprovante"
            value={data.awaitingNewReceipt}
            hint="Comprovante rejeitado: o aluno deve enviar outro"
            icon={<IconReceiptOff size={20} />}
          />
          <StatCard label="Receita do mês" value={formatKz(data.monthRevenue)} icon={<IconCash size={20} />} />
        </SimpleGrid>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby={chartTitleId} h="100%">
            <Title order={2} size="h4" id={chartTitleId} mb="md">
              Receita dos últimos 12 meses
            </Title>
            {isError ? (
              <Text c="dimmed" size="sm">
                Sem dados para mostrar.
              </Text>
            ) : (
              <RevenueChart months={data.revenueByMonth} />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby={stepsTitleId} h="100%">
            <Title order={2} size="h4" id={stepsTitleId} mb="md">
              Próximos passos
            </Title>
            <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
              {steps.map((step) => (
                <li key={step.to}>
                  <Anchor component={Link} to={step.to} fw={600}>
                    {step.label}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {step.description}
                  </Text>
                </li>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        {seesApplications && !isError && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ApplicationsBySource figures={data.applicationsBySource} />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
