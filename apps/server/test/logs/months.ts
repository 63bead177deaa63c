/** `YYYY-MM` of an instant in Asia/Shanghai (the logs' partitions are its months). */
export const monthOf = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);

/** The 15th of the month `n` months before this one: an instant well inside that month whatever the zone. */
export const monthsAgo = (n: number) => {
  const d = new Date();
  d.setUTCDate(15);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
};
