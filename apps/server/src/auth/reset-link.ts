/** The staff password-reset link's path before its token: e-mailed by auth.ts, left out of backups (decision 081). */
export const RESET_LINK_PATH = "/reset-password?token=";

export const resetLink = (baseUrl: string, token: string) => `${baseUrl}${RESET_LINK_PATH}${encodeURIComponent(token)}`;
