import { formatKz } from "@app/shared/money";
import { parseMoney } from "@app/shared/money-input";
import { TextInput, type TextInputProps } from "@mantine/core";
import { useState } from "react";

/**
 * Every amount field (decision 009): the text stays exactly as typed or pasted, the shared
 * `parseMoney` reads it (the schema gives its message as the field error), and once the field is
 * left it says what will be saved ("= 150 000,00 Kz"), so a misread amount is seen before saving.
 */
export function MoneyInput({
  value,
  description = "Ex.: 150.000 ou 1.500,50",
  onFocus,
  onBlur,
  ...props
}: Omit<TextInputProps, "value"> & { value?: string }) {
  const [typing, setTyping] = useState(false);
  const parsed = parseMoney(value ?? "");
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      value={value}
      description={!typing && parsed.ok ? `= ${formatKz(parsed.value)}` : description}
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
