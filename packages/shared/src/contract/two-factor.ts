import { endpoint } from "./endpoint";
import type { twoFactorSchemas as S } from "./two-factor.schemas";

export const twoFactorEndpoints = {
  signInCode: endpoint<typeof S.signInCode>("post", "/auth/sign-in/code"),
  start: endpoint<typeof S.start>("post", "/admin/account/two-factor"),
  confirm: endpoint<typeof S.confirm>("post", "/admin/account/two-factor/confirm"),
  turnOff: endpoint<typeof S.turnOff>("delete", "/admin/users/{id}/two-factor"),
  roleSettings: endpoint<typeof S.roleSettings>("get", "/admin/roles/two-factor"),
  setRoleSetting: endpoint<typeof S.setRoleSetting>("put", "/admin/roles/{role}/two-factor"),
};
