import { useForm } from "@mantine/form";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../test/render";
import { MoneyInput } from "./money-input";

const AMBIGUOUS =
  "Valor ambíguo: use 150.000 ou 150 000 para cento e cinquenta mil, e vírgula para os cêntimos (150.000,50)";

/** A form as the payment screens write one: the field's props from `getInputProps`, no blur settings. */
function PaymentForm() {
  const form = useForm({ initialValues: { amount: "" } });
  return (
    <form>
      <MoneyInput label="Valor pago (kz)" {...form.getInputProps("amount")} />
      <button type="button">Seguinte</button>
    </form>
  );
}

describe("MoneyInput", () => {
  it("says an amount it cannot read is wrong as soon as the field is left, in any form (decision 009)", async () => {
    renderAt(<PaymentForm />, "/form");
    const field = screen.getByRole("textbox", { name: "Valor pago (kz)" });
    await userEvent.type(field, "150,000");
    expect(screen.queryByText(AMBIGUOUS)).toBeNull(); // not while typing
    await userEvent.tab();
    expect(screen.getByText(AMBIGUOUS)).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");

    // Back in the field the hint returns; a readable amount, once left, says what will be saved.
    await userEvent.clear(field);
    expect(screen.queryByText(AMBIGUOUS)).toBeNull();
    await userEvent.type(field, "150.000");
    await userEvent.tab();
    expect(screen.queryByText(AMBIGUOUS)).toBeNull();
    expect(screen.getByText(/^= 150\s000,00\sKz$/)).toBeTruthy();
  });

  it("leaves an empty field alone until the form asks for it", async () => {
    renderAt(<PaymentForm />, "/form");
    await userEvent.click(screen.getByRole("textbox", { name: "Valor pago (kz)" }));
    await userEvent.tab();
    expect(screen.getByRole("textbox", { name: "Valor pago (kz)" }).getAttribute("aria-invalid")).not.toBe("true");
  });
});
