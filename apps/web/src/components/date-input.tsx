import { INVALID_DATE } from "@app/shared/calendar-date";
import { type ElementProps, TextInput, type TextInputProps } from "@mantine/core";
import { type SyntheticEvent, useState } from "react";

type DateInputProps = TextInputProps & ElementProps<"input", "size" | "type">;

/**
 * A native date field (`YYYY-MM-DD`). The browser reports a date typed halfway or impossible
 * (31/02) as an empty value, so the form would say the date is required: while the browser holds
 * such a date, the field's error reads 'Data inválida' instead.
 */
export function DateInput({ error, onBlur, onKeyUp, onChange, ...props }: DateInputProps) {
  const [badInput, setBadInput] = useState(false);
  const track = (e: SyntheticEvent<HTMLInputElement>) => setBadInput(e.currentTarget.validity.badInput);
  return (
    <TextInput
      {...props}
      type="date"
      error={badInput && error ? INVALID_DATE : error}
      onChange={(e) => {
        track(e);
        onChange?.(e);
      }}
      onKeyUp={(e) => {
        track(e);
        onKeyUp?.(e);
      }}
      onBlur={(e) => {
        track(e);
        onBlur?.(e);
      }}
    />
  );
}
