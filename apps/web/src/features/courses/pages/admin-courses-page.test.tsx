import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { staffClient } from "../../../test/staff-client";
import { type Course, coursesQuery } from "../api/admin-courses";
import { Component as AdminCoursesPage } from "./admin-courses-page";

const course: Course = {
  id: "c1",
  name: "Gestão de Stocks",
  slug: "gestao-de-stocks",
  description: null,
  area: "Gestão",
  modality: "presencial",
  durationMonths: 3,
  workloadHours: null,
  price: 45_000,
  status: "active",
  featured: false,
  createdAt: "2026-01-10T09:00:00.000Z",
};

/** The screen as an admin sees it with `course` loaded; returns the client, whose data stands for the server's. */
function showCourses() {
  const client = staffClient("admin");
  client.setQueryData(coursesQuery.queryKey, [course]);
  renderAt(<AdminCoursesPage />, "/admin/courses", "*", client);
  /** What a refetch does: the list now holds the course as the server has it. */
  const refetched = (changes: Partial<Course>) =>
    act(() => {
      client.setQueryData(coursesQuery.queryKey, [{ ...course, ...changes }]);
    });
  return { refetched };
}

describe("Cursos screen dialogs", () => {
  it("shows a refetched course in the details dialog that is already open", async () => {
    const { refetched } = showCourses();
    await userEvent.click(screen.getAllByRole("button", { name: "Ver Gestão de Stocks" })[0]!);
    const details = screen.getByRole("dialog", { name: "Detalhes do curso" });
    expect(within(details).getByText("3 meses")).toBeTruthy();

    refetched({ name: "Gestão de Stocks Avançada", durationMonths: 6 });
    expect(await within(details).findByText("Gestão de Stocks Avançada")).toBeTruthy();
    expect(within(details).getByText("6 meses")).toBeTruthy();
    expect(within(details).queryByText("3 meses")).toBeNull();
  });

  it("opens the edit form with the course as refetched, not as it was when first edited", async () => {
    const { refetched } = showCourses();
    await userEvent.click(screen.getAllByRole("button", { name: "Editar Gestão de Stocks" })[0]!);
    // The form's code comes at its first opening (decision 100).
    let form = await screen.findByRole("dialog", { name: "Editar curso" });
    expect((within(form).getByLabelText(/^Duração \(meses\)/) as HTMLInputElement).value).toBe("3");
    await userEvent.click(within(form).getByRole("button", { name: "Cancelar" }));

    refetched({ durationMonths: 6 });
    await screen.findAllByText("6 meses");
    await userEvent.click(screen.getAllByRole("button", { name: "Editar Gestão de Stocks" })[0]!);
    form = screen.getByRole("dialog", { name: "Editar curso" });
    expect((within(form).getByLabelText(/^Duração \(meses\)/) as HTMLInputElement).value).toBe("6");
  }, 20_000);
});
