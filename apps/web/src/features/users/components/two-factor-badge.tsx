import { Badge } from "@mantine/core";
import type { StaffUser } from "../api/users";

type TwoFactorState = "on" | "missing" | "off";

/** A user's two-factor sign-in: on, required by their role but not set up yet, or off (decision 086). */
export function twoFactorState(user: Pick<StaffUser, "twoFactorEnabled" | "twoFactorRequired">): TwoFactorState {
  if (user.twoFactorEnabled) return "on";
  return user.twoFactorRequired ? "missing" : "off";
}

export const TWO_FACTOR_STATE_LABELS: Record<TwoFactorState, string> = {
  on: "Ativa",
  missing: "Exigida, não ativada",
  off: "Desativada",
};

/** Dark shades: white small text above 4.5:1 (the enrolment badges' green and burnt orange). */
const COLORS: Record<TwoFactorState, string> = { on: "#1f6b30", missing: "#a33d07", off: "gray.8" };

export function TwoFactorBadge({ user }: { user: StaffUser }) {
  const state = twoFactorState(user);
  return (
    <Badge variant="filled" color={COLORS[state]} style={{ textTransform: "none" }}>
      {TWO_FACTOR_STATE_LABELS[state]}
    </Badge>
  );
}
