import { Notifications } from "@mantine/notifications";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { CourseFormDialog } from "./course-form-dialog";

// Each test types several entries key by key into one dialog.
const TYPING_TIMEOUT = 60_000;

function openNewCourse() {
  renderAt(
    <>
      <Notifications />
      <CourseFormDialog opened courseId={null} onClose={() => {}} />
    </>,
    "/admin/courses",
  );
  const dialog = screen.getByRole("dialog", { name: "Novo curso" });
  const user = userEvent.setup({ delay: null });
  /** Types into a field as a person does, key by key, then leaves it. */
  const typeInto = async (label: RegExp, text: string) => {
    const input = within(dialog).getByLabelText(label);
    await user.clear(input);
    await user.type(input, text);
    await user.tab();
    return input as HTMLInputElement;
  };
  return { dialog, typeInto };
}

/** What the field says it will save, e.g. "= 150 000,00 Kz" (with the non-breaking spaces of pt-AO). */
const understood = (amount: string) => new RegExp(`^= ${amount.replace(/ /g, "\\s")}\\sKz$`);

const AMBIGUOUS =
  "Valor ambíguo: use 150.000 ou 150 000 para cento e cinquenta mil, e vírgula para os cêntimos (150.000,50)";

describe("course form: the price is saved as typed", () => {
  it(
    "keeps each typed form of an amount and says what it saves",
    async () => {
      const { dialog, typeInto } = openNewCourse();
      for (const [text, amount] of [
        ["150.000", "150 000,00"],
        ["150 000", "150 000,00"],
        ["150000", "150 000,00"],
        ["1.500,50", "1 500,50"],
        ["1 500,50", "1 500,50"],
        ["1500.50", "1 500,50"],
        ["1500,5", "1 500,50"],
        ["123456.78", "123 456,78"],
        ["1.500.000,50", "1 500 000,50"],
      ] as const) {
        const price = await typeInto(/^Preço \(Kz\)/, text);
        expect(price.value, text).toBe(text);
        expect(within(dialog).queryByText(understood(amount)), text).not.toBeNull();
      }
    },
    TYPING_TIMEOUT,
  );

  it(
    "refuses what it cannot read without guessing, with a message and nothing it would save",
    async () => {
      const { dialog, typeInto } = openNewCourse();
      for (const [text, message] of [
        ["150,000", AMBIGUOUS],
        ["1,5,0", AMBIGUOUS],
        ["1.500.50", AMBIGUOUS],
        ["1,500.50", AMBIGUOUS],
        ["1500,505", "O preço aceita no máximo 2 casas decimais"],
        [
          "12 34",
          "Separe os milhares em grupos de 3 algarismos (ex.: 1.500.000 ou 1 500 000) e use vírgula para os cêntimos",
        ],
        [
          "150 mil",
          "Use apenas algarismos, com ponto ou espaço separando os milhares e vírgula para os cêntimos (ex.: 150.000,50)",
        ],
        ["-150", "O preço não pode ser negativo"],
      ] as const) {
        const price = await typeInto(/^Preço \(Kz\)/, text);
        expect(price.value, text).toBe(text);
        expect(within(dialog).queryByText(message), text).not.toBeNull();
        expect(within(dialog).queryByText(/^= /), text).toBeNull();
      }
    },
    TYPING_TIMEOUT,
  );

  it("asks for the price and the duration when they are left empty", async () => {
    const { dialog } = openNewCourse();
    await userEvent.click(within(dialog).getByRole("button", { name: "Criar curso" }));
    expect(within(dialog).getByText("Preço é obrigatório")).toBeTruthy();
    expect(within(dialog).getByText("Duração é obrigatória")).toBeTruthy();
  });
});

describe("course form: the duration is a whole number of months", () => {
  it(
    "refuses decimals and digits split by a space, never reading them as another number",
    async () => {
      const { dialog, typeInto } = openNewCourse();
      for (const [text, message] of [
        ["2,5", "Use um número inteiro, sem casas decimais"],
        ["2.5", "Use um número inteiro, sem casas decimais"],
        ["1 2", "Digite o número sem espaços (ex.: 25)"],
        ["0", "A duração deve ser de pelo menos 1 mês"],
      ] as const) {
        const duration = await typeInto(/^Duração \(meses\)/, text);
        expect(duration.value, text).toBe(text);
        expect(within(dialog).queryByText(message), text).not.toBeNull();
      }
    },
    TYPING_TIMEOUT,
  );
});

describe("course form: featured", () => {
  it("offers 'Em destaque', off for a new course", () => {
    const { dialog } = openNewCourse();
    const featured = within(dialog).getByRole("switch", { name: /^Em destaque/ }) as HTMLInputElement;
    expect(featured.checked).toBe(false);
  });
});

describe("course form: 'Carga horária (horas)' for the certificate", () => {
  it(
    "is optional, a whole number of hours within the limits",
    async () => {
      const { dialog, typeInto } = openNewCourse();
      expect(within(dialog).getByText(/impressa no certificado/)).toBeTruthy();
      for (const text of ["40,5", "0", "100000"]) {
        await typeInto(/^Carga horária \(horas\)/, text);
        expect(within(dialog).queryByText(/Use um número inteiro|A carga horária vai de/), text).not.toBeNull();
      }
      const hours = await typeInto(/^Carga horária \(horas\)/, "40");
      expect(hours.value).toBe("40");
      expect(within(dialog).queryByText(/Use um número inteiro|A carga horária vai de/)).toBeNull();
    },
    TYPING_TIMEOUT,
  );
});
