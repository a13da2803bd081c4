export const formatKz = (value: number) => `${value} Kz`;
