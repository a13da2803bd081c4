import type { StaffRole } from "@app/shared/enums";
import { ADMIN_SCREENS, adminScreenAt } from "@app/shared/screen-access";
import { screen } from "@testing-library/react";
import { Route, type RouteObject, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../test/render";
import { staffClient } from "../../test/staff-client";
import { staffRoutes } from "../staff-routes";
import { AdminScreenRoute } from "./role-route";

/** `role` opens `path` behind the admin guard; any admin path has a page saying which it is. */
function openAs(role: StaffRole, path: string) {
  const client = staffClient(role);
  renderAt(
    <Routes>
      <Route path="/admin" element={<AdminScreenRoute />}>
        <Route index element={<p>Painel</p>} />
        <Route path="*" element={<p>Página de /admin/…</p>} />
      </Route>
    </Routes>,
    path,
    "*",
    client,
  );
}

describe("the admin screen guard", () => {
  it.each(["professor", "admin", "super_admin"] as const)(
    "sends %s opening an admin path the screen map does not list back to the dashboard",
    async (role) => {
      openAs(role, "/admin/relatorios");
      expect(await screen.findByText("Painel")).toBeTruthy();
      expect(screen.queryByText("Página de /admin/…")).toBeNull();
    },
  );

  it("sends a professor opening a screen the map keeps from them back to the dashboard", async () => {
    openAs("professor", "/admin/users");
    expect(await screen.findByText("Painel")).toBeTruthy();
    expect(screen.queryByText("Página de /admin/…")).toBeNull();
  });

  it("lets a professor open a screen the map gives every role, and a page below their own screen", async () => {
    openAs("professor", "/admin/courses");
    expect(await screen.findByText("Página de /admin/…")).toBeTruthy();
  });

  it("lets a professor open a class of 'As minhas turmas' (a page below their screen)", async () => {
    openAs("professor", "/admin/teaching/c1");
    expect(await screen.findByText("Página de /admin/…")).toBeTruthy();
  });
});

describe("the admin route table", () => {
  const guarded = staffRoutes[0]!.children![0]!.children!;
  const pathOf = (route: RouteObject) => (route.index ? "/admin" : `/admin/${route.path}`);

  it("has a route at the path of every screen of the map, and none for a path the map does not list", () => {
    const paths = guarded.map(pathOf);
    for (const { path } of Object.values(ADMIN_SCREENS)) expect(paths).toContain(path);
    for (const path of paths) expect(adminScreenAt(path.replace(":classId", "c1"))).toBeDefined();
  });
});
