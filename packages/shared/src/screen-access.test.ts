import { describe, expect, it } from "vitest";
import { ENROLLMENT_VIEWER_ROLES } from "./enrollment-review";
import { STAFF_ROLES } from "./enums";
import { ADMIN_SCREENS, type AdminScreenKey, adminScreenAt, canOpenScreen, rolesOfScreens } from "./screen-access";

const openers = (screen: AdminScreenKey) => STAFF_ROLES.filter((role) => canOpenScreen(role, screen));

describe("admin screen access", () => {
  it("opens the catalogue and dashboard screens to every role", () => {
    for (const screen of ["dashboard", "courses", "classes", "studentAccounts", "teachers"] as const) {
      expect(openers(screen)).toEqual([...STAFF_ROLES]);
    }
  });

  it("opens 'Inscrições' to the roles the enrolment API lets see them: not to professor", () => {
    expect([...openers("enrollments")].sort()).toEqual([...ENROLLMENT_VIEWER_ROLES].sort());
    expect(canOpenScreen("professor", "enrollments")).toBe(false);
  });

  it("keeps payments to financeiro and the settings to super_admin (who opens everything)", () => {
    expect(openers("paymentReceipts")).toEqual(["super_admin", "financeiro"]);
    expect(openers("financial")).toEqual(["super_admin", "financeiro"]);
    expect(openers("users")).toEqual(["super_admin"]);
    expect(openers("roles")).toEqual(["super_admin"]);
    expect(openers("settings")).toEqual(["super_admin"]);
  });

  it("opens the teaching screen (results and certificates) to professor, admin and secretaria", () => {
    expect(openers("teaching")).toEqual(["super_admin", "admin", "professor", "secretaria"]);
    expect(canOpenScreen("financeiro", "teaching")).toBe(false);
  });

  it("opens nothing to a staff user without a role", () => {
    for (const screen of Object.keys(ADMIN_SCREENS) as AdminScreenKey[]) {
      expect(canOpenScreen(null, screen)).toBe(false);
    }
  });

  it("finds the screen of a pathname by its longest path", () => {
    expect(adminScreenAt("/admin")).toBe(ADMIN_SCREENS.dashboard);
    expect(adminScreenAt("/admin/users")).toBe(ADMIN_SCREENS.users);
    expect(adminScreenAt("/admin/")).toBe(ADMIN_SCREENS.dashboard);
    expect(adminScreenAt("/admin/teaching/c1")).toBe(ADMIN_SCREENS.teaching);
    expect(adminScreenAt("/admin/financial/2025")).toBe(ADMIN_SCREENS.financial);
    expect(adminScreenAt("/cursos")).toBeUndefined();
  });

  it("finds no screen for an admin path the map does not list (not the dashboard, which every role opens)", () => {
    expect(adminScreenAt("/admin/usersx")).toBeUndefined();
    expect(adminScreenAt("/admin/relatorios")).toBeUndefined();
  });

  it("gives an API read by several screens the roles of all of them", () => {
    expect(rolesOfScreens("users")).toEqual(["super_admin"]);
    expect(rolesOfScreens("users", "financial")).toEqual(["super_admin", "financeiro"]);
    expect(rolesOfScreens("courses", "users")).toBeUndefined();
  });
});
