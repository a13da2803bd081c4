import { describe, expect, it } from "vitest";
import { requireTwoFactorQuestion, roleTwoFactorUsage } from "./role-two-factor";

describe("requiring two-factor sign-in of a role, said before it is done", () => {
  it("counts those it sends to the set-up, in the singular and the plural", () => {
    expect(requireTwoFactorQuestion("Financeiro", { users: 4, withoutTwoFactor: 3 })).toBe(
      "3 usuários com o perfil Financeiro ainda não têm a verificação em dois passos ativa. Ao confirmar, serão levados à configuração na próxima vez que usarem o portal, e nada mais abre até a ativarem.",
    );
    expect(requireTwoFactorQuestion("Secretaria", { users: 2, withoutTwoFactor: 1 })).toMatch(
      /^1 usuário com o perfil Secretaria ainda não tem .* será levado .* que usar o portal, e nada mais abre até a ativar\.$/,
    );
  });

  it("says when nobody is interrupted", () => {
    expect(requireTwoFactorQuestion("Professor", { users: 0, withoutTwoFactor: 0 })).toMatch(/^Ainda ninguém tem/);
    expect(requireTwoFactorQuestion("Admin", { users: 3, withoutTwoFactor: 0 })).toMatch(/nada muda para eles\.$/);
    expect(requireTwoFactorQuestion("Admin", { users: 1, withoutTwoFactor: 0 })).toMatch(/nada muda para ele\.$/);
  });

  it("says how many already use it", () => {
    expect(roleTwoFactorUsage({ users: 5, withoutTwoFactor: 2 })).toBe("3 de 5 usuários deste perfil já a usam.");
    expect(roleTwoFactorUsage({ users: 1, withoutTwoFactor: 1 })).toBe("O único usuário deste perfil ainda não a usa.");
    expect(roleTwoFactorUsage({ users: 0, withoutTwoFactor: 0 })).toBe("Nenhum usuário tem este perfil.");
  });
});
