import type { StaffRole } from "@app/shared/enums";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { staffClient } from "../../../test/staff-client";
import { type Teacher, teachersQuery } from "../api/teachers";
import { Component as AdminTeachersPage } from "./admin-teachers-page";

const teacher = (id: string, teacherName: string, yearsOfExperience: number): Teacher => ({
  id,
  teacherName,
  teacherPhone: null,
  teacherEmail: null,
  specialization: "Inglês",
  qualification: "Licenciatura",
  yearsOfExperience,
  bio: null,
  userId: null,
  userName: null,
  status: "active",
  createdAt: "2026-01-10T09:00:00.000Z",
});

/** The screen as a signed-in staff user with `role` sees it, with `teachers` already loaded. */
function showAs(role: StaffRole, teachers: Teacher[]) {
  const client = staffClient(role);
  client.setQueryData(teachersQuery.queryKey, teachers);
  renderAt(<AdminTeachersPage />, "/admin/teachers", "*", client);
}

describe("Professores screen", () => {
  it("says '1 ano' for one year of experience and 'anos' otherwise, in the list and the average card", () => {
    showAs("admin", [teacher("a", "Ana", 1), teacher("b", "Bruno", 2)]);
    expect(screen.getAllByText("1 ano").length).toBeGreaterThan(0);
    expect(screen.getAllByText("2 anos").length).toBeGreaterThan(0);
    expect(within(screen.getByRole("region", { name: "Experiência média" })).getByText("1,5 anos")).toBeTruthy();
    expect(screen.queryAllByText(/\b1 anos\b/)).toHaveLength(0);
  });

  it("averages one year as '1 ano'", () => {
    showAs("admin", [teacher("a", "Ana", 1)]);
    expect(within(screen.getByRole("region", { name: "Experiência média" })).getByText("1 ano")).toBeTruthy();
  });

  it.each(["professor", "financeiro"] as const)("shows role %s the teachers read-only: 'Ver' only", (role) => {
    showAs(role, [teacher("a", "Ana", 3)]);
    expect(screen.getAllByRole("button", { name: "Ver Ana" }).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Novo professor" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Editar Ana" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Excluir Ana" })).toBeNull();
  });

  it.each(["super_admin", "admin", "secretaria"] as const)("lets role %s add, edit and delete teachers", (role) => {
    showAs(role, [teacher("a", "Ana", 3)]);
    expect(screen.getByRole("button", { name: "Novo professor" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Editar Ana" }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("button", { name: "Excluir Ana" }).length).toBeGreaterThan(0);
  });
});
