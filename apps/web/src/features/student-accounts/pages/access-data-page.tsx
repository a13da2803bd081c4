import { formatDateTime } from "@app/shared/dates";
import { Badge, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ownAccountQuery } from "../api/student-accounts";
import { ChangePasswordForm } from "../components/change-password-form";
import { PrivacyCard } from "../components/privacy-card";
import { SmsPreference } from "../components/sms-preference";

/**
 * /aluno/acesso: 'Dados de Acesso' (SPEC §2 'Student access screen'). The warning about a temporary
 * password is on /escolher-senha: a student with one reaches no other screen (decision 028).
 */
export function Component() {
  const { data: account } = useQuery(ownAccountQuery);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Dados de Acesso
      </Title>
      {/* The labels are there from the start and each value keeps its place: nothing moves when it arrives. */}
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Nome
          </Text>
          {account ? <Text fw={600}>{account.studentName}</Text> : <Skeleton h={25} w="60%" />}
          <Text size="sm" c="dimmed" mt="xs">
            Código de estudante
          </Text>
          <Group gap="xs">
            {account ? (
              <Badge size="xl" variant="light">
                {account.studentCode}
              </Badge>
            ) : (
              <Skeleton h={32} w={140} radius="xl" />
            )}
          </Group>
          <Text size="sm">Use este código para fazer login</Text>
          <Text size="sm" c="dimmed" mt="xs">
            Última alteração da senha
          </Text>
          {account ? (
            <Text size="sm">
              {account.passwordChangedAt ? formatDateTime(account.passwordChangedAt) : "nunca (senha temporária)"}
            </Text>
          ) : (
            <Skeleton h={20} w={130} />
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="receber-sms">
        <SmsPreference account={account} />
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="alterar-senha">
        <ChangePasswordForm
          temporary={account?.mustChangePassword ?? false}
          title={
            <Title order={2} size="h4" id="alterar-senha">
              Alterar senha
            </Title>
          }
        />
      </Card>
      {/* Last: its height is known only once its answer arrives, and nothing below it can move then. */}
      <Card withBorder padding="lg" component="section" aria-labelledby="privacidade">
        <PrivacyCard />
      </Card>
    </Stack>
  );
}
