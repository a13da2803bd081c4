export const api = (path: string) => fetch(path);
