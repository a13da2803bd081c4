import { formatKz } from "@app/shared/money";
import { parseMoney } from "@app/shared/money-input";
import { TextInput, type TextInputProps } from "@mantine/core";
import { useState } from "react";

/**
 * Every amount field (decision 009): the text stays exactly as typed or pasted, the shared
 * `parseMoney` reads it (the schema gives its message as the field error), and once the field is
 * left it says what will be saved ("= 150 000,00 Kz"), so a misread amount is seen before saving.
 * An amount it cannot read ('150,000') shows its message as soon as the field is left, whatever the
 * form's own settings (decision 025); the form's error, when it has one, is shown instead.
 */
export function MoneyInput({
  value,
  description = "Ex.: 150.000 ou 1.500,50",
  error,
  onFocus,
  onBlur,
  ...props
}: Omit<TextInputProps, "value"> & { value?: string }) {
  const [typing, setTyping] = useState(false);
  const text = value ?? "";
  const parsed = parseMoney(text);
  const unreadable = !typing && text.trim() !== "" && !parsed.ok ? parsed.message : undefined;
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      value={value}
      description={!typing && parsed.ok ? `= ${formatKz(parsed.value)}` : description}
      error={error || unreadable}
      onFocus={(e) => {
        setTyping(true);
        onFocus?.(e);
      }}
      onBlur={(e) => {
        setTyping(false);
        onBlur?.(e);
      }}
      {...props}
    />
  );
}
