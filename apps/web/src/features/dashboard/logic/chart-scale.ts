/**
 * The top of a bar chart's axis for values up to `max`: 1, 2 or 5 times a power of ten, at least `max`
 * (150 000 → 200 000; 0 → 1, so empty months draw no bar and no division by zero).
 */
export function chartScale(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= max) ?? 10 * power;
}
