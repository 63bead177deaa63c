import i18n from '../lib/i18n';
import { baseCatalogue } from './catalogue';
import { loadChunk } from '../lib/chunk';

/**
 * The catalogue (app/catalogue.ts) in the i18next instance (lib/i18n.ts): the base tier is added when this
 * module loads (start.tsx imports it first), every feature's strings by `ensureFullCatalogue()`.
 * The instance, `currentLang` and `changeLang` live in lib/i18n.ts (re-exported here for the tests).
 */
for (const lang of ['zh-CN', 'en-US'] as const) {
  // Copies: i18next extends its resources in place when the feature strings arrive.
  i18n.addResourceBundle(lang, 'translation', structuredClone(baseCatalogue[lang]), true, false);
}

let full: Promise<void> | null = null;

/** Adds every feature's strings (one lazy chunk); the shell and the non-sign-in public pages await it. */
export function ensureFullCatalogue(): Promise<void> {
  full ??= loadChunk(() => import('./featureCatalogue')).then(
    ({ featureCatalogue }) => {
      for (const lang of ['zh-CN', 'en-US'] as const) i18n.addResourceBundle(lang, 'translation', featureCatalogue[lang], true, false);
    },
    (e: unknown) => {
      full = null;
      throw e;
    },
  );
  return full;
}

export { changeLang, currentLang } from '../lib/i18n';
export default i18n;
