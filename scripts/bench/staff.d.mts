import type { TOTP } from "otpauth";

export const STAFF_PASSWORD: string;

export interface StaffUser {
  email: string;
  role: string;
  authenticator?: TOTP;
  lastPeriod?: number;
}

/** What createStaff needs of the server: its address, and its create-admin command. */
export interface StaffServer {
  base: string;
  createAdmin(args: string[]): void | Promise<void>;
}

export function createStaff(
  server: StaffServer,
  db: { query(sql: string, values?: unknown[]): Promise<unknown> } | null,
  roles: string[],
): Promise<StaffUser[]>;

export function signInStaff(base: string, user: StaffUser, options?: { agent?: unknown }): Promise<string | null>;
