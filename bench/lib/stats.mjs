/** The p-th percentile (0–100) of an ascending array: the value at that rank, no interpolation. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
