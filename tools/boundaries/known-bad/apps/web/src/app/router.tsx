export const routes: string[] = [];
