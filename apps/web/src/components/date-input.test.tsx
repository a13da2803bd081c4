import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../test/render";
import { DateInput } from "./date-input";

/** jsdom cannot type into a date field; this stands for what Chromium reports for 31/02/2000. */
function browserHolds(input: HTMLElement, badInput: boolean) {
  Object.defineProperty(input, "validity", { configurable: true, value: { badInput } });
}

describe("DateInput", () => {
  it("says 'Data inválida' instead of 'obrigatória' while the browser holds an unfinished or impossible date", () => {
    renderAt(
      <DateInput label="Data de nascimento" value="" onChange={() => {}} error="Data de nascimento é obrigatória" />,
      "/form",
    );
    const input = screen.getByLabelText("Data de nascimento");
    expect(input.getAttribute("type")).toBe("date");
    expect(screen.getByText("Data de nascimento é obrigatória")).toBeTruthy();

    browserHolds(input, true);
    fireEvent.keyUp(input, { key: "0" });
    expect(screen.getByText("Data inválida")).toBeTruthy();
    expect(screen.queryByText("Data de nascimento é obrigatória")).toBeNull();

    // The user clears the field: it is now simply empty.
    browserHolds(input, false);
    fireEvent.blur(input);
    expect(screen.getByText("Data de nascimento é obrigatória")).toBeTruthy();
  });
});
