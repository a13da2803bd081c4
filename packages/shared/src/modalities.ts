/**
 * Course and class modalities (SPEC §3), in a module of their own: the public catalogue needs only
 * these labels, and importing them from here keeps every other enumeration out of its first load.
 */
export const MODALITIES = ["presencial", "online", "hibrido"] as const;
export type Modality = (typeof MODALITIES)[number];
export const MODALITY_LABELS: Record<Modality, string> = {
  presencial: "Presencial",
  online: "Online",
  hibrido: "Híbrido",
};
