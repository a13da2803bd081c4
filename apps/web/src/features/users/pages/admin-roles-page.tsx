import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLE_PERMISSIONS, STAFF_ROLES } from "@app/shared/enums";
import { Card, List, SimpleGrid, Stack, Switch, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconShieldLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { feedback } from "../../../lib/mutation-feedback";
import { roleTwoFactorQuery, useSetRoleTwoFactor } from "../../two-factor/api/two-factor";

/** Each access profile, its permissions (SPEC §6) and whether it requires two-factor sign-in (decision 076). */
export function Component() {
  const settings = useQuery(roleTwoFactorQuery);
  const setRequired = useSetRoleTwoFactor();
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Perfis de Acesso
        </Title>
        <Text c="dimmed">Cada utilizador tem um perfil. O Super Administrador atribui-os em Utilizadores.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {STAFF_ROLES.map((role) => (
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
                description="Sem ela, os utilizadores deste perfil só podem ativá-la"
                checked={settings.data?.items.find((item) => item.role === role)?.required ?? false}
                disabled={!settings.data || setRequired.isPending}
                onChange={(event) =>
                  setRequired.mutate(
                    { role, required: event.currentTarget.checked },
                    feedback({
                      failure: "Erro ao guardar o perfil",
                      success: ({ required }) =>
                        required
                          ? "Verificação em dois passos exigida"
                          : "Verificação em dois passos deixou de ser exigida",
                    }),
                  )
                }
              />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
