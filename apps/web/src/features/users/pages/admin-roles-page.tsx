import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from "@app/shared/enums";
import { Card, List, SimpleGrid, Stack, Switch, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconShieldLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { feedback } from "../../../lib/mutation-feedback";
import { roleTwoFactorQuery, useSetRoleTwoFactor } from "../../two-factor/api/two-factor";
import { requireTwoFactorQuestion, roleTwoFactorUsage } from "../logic/role-two-factor";

/**
 * Each access profile, its permissions (SPEC §6) and whether it requires two-factor sign-in (decision 076);
 * requiring it first says how many of the role's users it sends to the set-up (decision 086).
 */
export function Component() {
  const settings = useQuery(roleTwoFactorQuery);
  const setRequired = useSetRoleTwoFactor();
  const [asking, setAsking] = useState<StaffRole | null>(null);
  const itemOf = (role: StaffRole) => settings.data?.items.find((item) => item.role === role);
  const save = (role: StaffRole, required: boolean) =>
    setRequired.mutate(
      { role, required },
      feedback({
        failure: "Erro ao salvar o perfil",
        success: ({ required }) =>
          required ? "Verificação em dois passos exigida" : "Verificação em dois passos deixou de ser exigida",
        done: () => setAsking(null),
      }),
    );
  const askedItem = asking ? itemOf(asking) : undefined;
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Perfis de Acesso
        </Title>
        <Text c="dimmed">Cada usuário tem um perfil. O Super Administrador os atribui em Utilizadores.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {STAFF_ROLES.map((role) => {
          const item = itemOf(role);
          return (
            <Card key={role} withBorder padding="lg" component="section" aria-labelledby={`perfil-${role}`}>
              <Stack gap="sm">
                <ThemeIcon variant="light" size={40} aria-hidden>
                  <IconShieldLock size={22} />
                </ThemeIcon>
                <Title order={2} size="h4" id={`perfil-${role}`}>
                  {ROLE_LABELS[role]}
                </Title>
                <Text size="sm" c="dimmed">
                  {ROLE_DESCRIPTIONS[role]}
                </Text>
                <List
                  size="sm"
                  spacing={4}
                  icon={
                    <ThemeIcon size={18} radius="xl" color="green.8" aria-hidden>
                      <IconCheck size={12} />
                    </ThemeIcon>
                  }
                >
                  {ROLE_PERMISSIONS[role].map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
                <Switch
                  label="Exigir verificação em dois passos"
                  description="Ligado: quem tem este perfil precisa ativá-la antes de usar o portal. Desligado: cada um decide se vai ativá-la."
                  checked={item?.required ?? false}
                  disabled={!item || setRequired.isPending}
                  onChange={(event) => {
                    if (event.currentTarget.checked) {
                      setAsking(role);
                      void settings.refetch(); // the count the question shows is the latest
                    } else save(role, false);
                  }}
                />
                {item && (
                  <Text size="sm" c="dimmed">
                    {roleTwoFactorUsage(item)}
                  </Text>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <ConfirmDialog
        opened={asking !== null}
        title="Exigir verificação em dois passos"
        confirmLabel="Exigir"
        destructive={false}
        loading={setRequired.isPending}
        onConfirm={() => asking && save(asking, true)}
        onClose={() => setAsking(null)}
      >
        {asking && askedItem ? requireTwoFactorQuestion(ROLE_LABELS[asking], askedItem) : ""}
      </ConfirmDialog>
    </Stack>
  );
}
