import { pinyin } from 'pinyin-pro';

/**
 * Pinyin initials of a stock name, upper case, letters and digits only: 贵州茅台 → GZMT, 重庆啤酒 → CQPJ,
 * 长江电力 → CJDL, *ST中润 → STZR, TCL科技 → TCLKJ. pinyin-pro reads polyphonic characters in their word
 * (重 in 重庆 is chóng, 长 in 长江 is cháng), which a per-character table cannot.
 */
export function pinyinInitials(name: string): string {
  return pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' })
    .join('')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}
