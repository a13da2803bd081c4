import { passMarkInputSchema, passMarkSchema } from "../schemas/pass-mark";
import { instituteSettingsInputSchema, instituteSettingsSchema } from "../schemas/settings";
import { endpointSchemas } from "./endpoint";

/** 'Configurações': any staff role reads; super_admin changes. */
export const settingsSchemas = endpointSchemas({
  institute: {
    summary: "The institute's name, bank details and contacts, used in the messages to students (staff with any role)",
    description: "Sent with `Cache-Control: no-store`.",
    answers: { 200: instituteSettingsSchema },
  },
  updateInstitute: {
    summary: "Replaces the institute's details (super_admin)",
    body: instituteSettingsInputSchema,
    answers: { 200: instituteSettingsSchema },
    errors: { 400: "Invalid input" },
  },
  passMark: {
    summary: "The institute's pass mark (0–20; a 'Concluído' under it asks for confirmation): staff with any role",
    description: "Sent with `Cache-Control: no-store`.",
    answers: { 200: passMarkSchema },
  },
  updatePassMark: {
    summary: "Changes the pass mark (super_admin)",
    body: passMarkInputSchema,
    answers: { 200: passMarkSchema },
    errors: { 400: "Not a grade from 0 to 20 with at most one decimal" },
  },
});
