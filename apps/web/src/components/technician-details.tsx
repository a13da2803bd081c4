import { Code, Text } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./technician-details.module.css";

/**
 * 'Detalhes para o técnico' (decisions 086, 088): a notice speaks to a director or a teacher, and what the
 * technician changes (a variable, a restart) waits behind this native disclosure, closed until asked.
 */
export function TechnicianDetails({ children }: { children: ReactNode }) {
  return (
    <details className={classes.details}>
      <summary className={classes.summary}>Detalhes para o técnico</summary>
      <Text size="sm" mt="xs">
        {children}
      </Text>
    </details>
  );
}

/** The technician's part of the loopback-address notices (decision 049): BASE_URL, its value, the restart. */
export function BaseUrlTechnicianDetails({ baseUrl }: { baseUrl: string }) {
  return (
    <TechnicianDetails>
      A variável de ambiente <Code>BASE_URL</Code> vale <Code>{baseUrl}</Code>, um endereço local. Defina-a com o
      endereço público (ex.: <Code>https://portal.instituto.ao</Code>) e reinicie o servidor.
    </TechnicianDetails>
  );
}
