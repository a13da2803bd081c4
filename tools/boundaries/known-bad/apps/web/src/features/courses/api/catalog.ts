export const catalogQuery = { queryKey: ["catalog"] };
