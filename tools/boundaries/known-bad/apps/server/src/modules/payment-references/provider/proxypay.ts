export const signBody = (body: string, key: string) => `${key}:${body}`;
