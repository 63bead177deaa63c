import fs from 'node:fs';

/** The p-th percentile (0–100) of an ascending array: the value at that rank, no interpolation. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The median: the middle value, or the mean of the two middle ones. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A process's command name and the CPU seconds it has spent (utime + stime in USER_HZ ticks), from /proc/<pid>/stat. */
export function procStat(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const close = stat.lastIndexOf(')');
  const f = stat.slice(close + 2).split(' ');
  return { comm: stat.slice(stat.indexOf('(') + 1, close), cpuSeconds: (Number(f[11]) + Number(f[12])) / 100 };
}
