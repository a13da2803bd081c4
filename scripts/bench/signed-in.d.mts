export function studentSession(options: {
  base: string;
  staffCookie: string;
  name?: string;
  phone?: string;
}): Promise<string>;
