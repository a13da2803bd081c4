export const TEMPORARY_COST: { N: number; r: number; p: number };
export function isTemporaryHash(hash: string): boolean;
export function hashTemporary(password: string): Promise<string>;
export function verifyTemporary(hash: string, password: string): Promise<boolean>;
