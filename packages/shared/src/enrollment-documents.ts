/** The three documents of the form, by field name. */
export const ENROLLMENT_DOCUMENTS = [
  { field: "idCardFront", kind: "id_card_front", label: "Bilhete de Identidade (frente)" },
  { field: "idCardBack", kind: "id_card_back", label: "Bilhete de Identidade (verso)" },
  { field: "certificate", kind: "certificate", label: "Certificado de habilitações" },
] as const;
