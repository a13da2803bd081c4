export function hashLike(password: string, like: string): Promise<string>;
