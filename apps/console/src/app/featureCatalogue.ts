import type { Lang } from '@stock-admin/contracts';
import { baseCatalogue, mergeMessages, type Messages } from './catalogue';

/**
 * Strings of every feature except `session` (which is in the base tier), and of the shared page code
 * (shared/locales). Loaded as one lazy chunk by `ensureFullCatalogue()`; merging against the base tier makes a key
 * defined twice throw.
 */
const zh = import.meta.glob<{ default: Messages }>(
  ['../features/*/locales/zh-CN.ts', '../shared/locales/zh-CN.ts', '!../features/session/**'],
  { eager: true },
);
const en = import.meta.glob<{ default: Messages }>(
  ['../features/*/locales/en-US.ts', '../shared/locales/en-US.ts', '!../features/session/**'],
  { eager: true },
);

function build(base: Messages, files: Record<string, { default: Messages }>): Messages {
  const check = structuredClone(base);
  const out: Messages = {};
  for (const key of Object.keys(files).sort()) {
    mergeMessages(check, files[key]!.default);
    mergeMessages(out, structuredClone(files[key]!.default));
  }
  return out;
}

export const featureCatalogue: Record<Lang, Messages> = {
  'zh-CN': build(baseCatalogue['zh-CN'], zh),
  'en-US': build(baseCatalogue['en-US'], en),
};
