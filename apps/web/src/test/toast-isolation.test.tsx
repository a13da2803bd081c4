import { Notifications, notifications } from "@mantine/notifications";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "./render";

// The setup clears Mantine's notification store after each test; without it the second test sees the first one's toast.
describe("toasts between tests", () => {
  it("shows a toast", async () => {
    renderAt(<Notifications />, "/toasts");
    notifications.show({ message: "Toast do primeiro teste" });
    expect(await screen.findByText("Toast do primeiro teste")).toBeTruthy();
  });

  it("starts the next test without it", () => {
    renderAt(<Notifications />, "/toasts");
    expect(screen.queryByText("Toast do primeiro teste")).toBeNull();
  });
});
