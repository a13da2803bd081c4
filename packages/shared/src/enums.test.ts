import { describe, expect, it } from "vitest";
import { CATALOG_MANAGER_ROLES, canManageCatalog, roleSatisfies, STAFF_ROLES } from "./enums";

describe("roles", () => {
  it("meets a list of roles with any of them, and super_admin with none of them listed", () => {
    expect(roleSatisfies("admin", ["admin", "secretaria"])).toBe(true);
    expect(roleSatisfies("professor", ["admin", "secretaria"])).toBe(false);
    expect(roleSatisfies("super_admin", ["financeiro"])).toBe(true);
    expect(roleSatisfies(null, ["admin"])).toBe(false);
  });

  it("lets only super_admin, admin and secretaria manage the catalogue", () => {
    expect(STAFF_ROLES.filter((r) => canManageCatalog(r))).toEqual(["super_admin", "admin", "secretaria"]);
    expect(CATALOG_MANAGER_ROLES).toEqual(["super_admin", "admin", "secretaria"]);
    expect(canManageCatalog(null)).toBe(false);
    expect(canManageCatalog(undefined)).toBe(false);
  });
});
