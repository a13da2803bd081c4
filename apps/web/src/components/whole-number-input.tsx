import { TextInput, type TextInputProps } from "@mantine/core";

/**
 * Every count field (months, seats, years; decision 009): the text stays exactly as typed, and the
 * shared `parseWholeNumber` (through the schema) refuses `25,5` instead of reading 255.
 */
export function WholeNumberInput(props: TextInputProps) {
  return <TextInput inputMode="numeric" autoComplete="off" {...props} />;
}
