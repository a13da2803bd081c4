/** A role's users as 'Perfis de Acesso' counts them (decision 086). */
export interface RoleUsers {
  users: number;
  withoutTwoFactor: number;
}

/**
 * What requiring two-factor sign-in of a role does, said before it is done: who is sent to the set-up
 * (their next action in the portal opens it, and nothing else opens until it is on).
 */
export function requireTwoFactorQuestion(roleLabel: string, { users, withoutTwoFactor }: RoleUsers): string {
  if (users === 0)
    return `Ainda ninguém tem o perfil ${roleLabel}. Quem o receber precisará ativar a verificação em dois passos antes de usar o portal.`;
  if (withoutTwoFactor === 0)
    return users === 1
      ? `O único usuário com o perfil ${roleLabel} já tem a verificação em dois passos ativa: nada muda para ele.`
      : `Os ${users} usuários com o perfil ${roleLabel} já têm a verificação em dois passos ativa: nada muda para eles.`;
  return withoutTwoFactor === 1
    ? `1 usuário com o perfil ${roleLabel} ainda não tem a verificação em dois passos ativa. Ao confirmar, será levado à configuração na próxima vez que usar o portal, e nada mais abre até a ativar.`
    : `${withoutTwoFactor} usuários com o perfil ${roleLabel} ainda não têm a verificação em dois passos ativa. Ao confirmar, serão levados à configuração na próxima vez que usarem o portal, e nada mais abre até a ativarem.`;
}

/** Under each role's switch: how many of its users already use it. */
export function roleTwoFactorUsage({ users, withoutTwoFactor }: RoleUsers): string {
  if (users === 0) return "Nenhum usuário tem este perfil.";
  const on = users - withoutTwoFactor;
  return users === 1
    ? `O único usuário deste perfil ${on === 1 ? "já a usa" : "ainda não a usa"}.`
    : `${on} de ${users} usuários deste perfil já a usam.`;
}
