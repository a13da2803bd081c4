import { Anchor } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { WarningNotice } from "../../../components/warning-notice";
import { useSession } from "../../../lib/session";
import { roleTwoFactorQuery } from "../../two-factor/api/two-factor";

/** The roles whose second factor a new installation requires (decision 076). */
const RECOMMENDED = ["super_admin", "financeiro"] as const;

/** The super_admin's reading of the roles' two-factor settings (`isLoading` false for everyone else). */
export function useRoleTwoFactor() {
  const isSuperAdmin = useSession().data?.staff?.role === "super_admin";
  return { isSuperAdmin, ...useQuery({ ...roleTwoFactorQuery, enabled: isSuperAdmin }) };
}

/**
 * An installation that existed before two-factor sign-in (decision 076) requires it of nobody: its
 * super_admin's dashboard says so until super_admin and financeiro require it.
 */
export function TwoFactorNotice() {
  const { isSuperAdmin, data } = useRoleTwoFactor();
  if (!isSuperAdmin || !data) return null;
  const missing = RECOMMENDED.filter((role) => !data.items.find((item) => item.role === role)?.required);
  if (missing.length === 0) return null;
  return (
    <WarningNotice title="Exija a verificação em dois passos da equipe financeira">
      Uma senha roubada ainda basta para aprovar pagamentos e ver os documentos dos alunos. Em{" "}
      <Anchor component={Link} to="/admin/roles" inherit>
        Perfis de Acesso
      </Anchor>
      , exija a verificação em dois passos dos perfis Super Administrador e Financeiro.
    </WarningNotice>
  );
}
