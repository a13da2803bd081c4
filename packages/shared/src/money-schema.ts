import { z } from "zod";
import { checkMoneyNumber, MAX_MONEY, MONEY_MESSAGES, type MoneyProblem, parseMoney } from "./money-input";

/**
 * A money field of a schema: a JSON number or the text a person typed, read by `parseMoney`, so the
 * form and the server apply one rule with one set of messages. `messages` gives the field's own
 * wording where it has one (e.g. 'Preço é obrigatório').
 */
export function moneySchema(messages: Partial<Record<MoneyProblem | "max", string>> & { empty: string }) {
  return z.union([z.number(), z.string()], { error: messages.empty }).transform((input, ctx) => {
    const refuse = (problem: MoneyProblem | "max") => {
      ctx.addIssue({ code: "custom", message: messages[problem] ?? MONEY_MESSAGES[problem] });
      return z.NEVER;
    };
    const result = typeof input === "string" ? parseMoney(input) : checkMoneyNumber(input);
    if (!result.ok) return refuse(result.problem);
    return result.value > MAX_MONEY ? refuse("max") : result.value;
  });
}
