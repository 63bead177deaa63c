import type { Lang } from '@stock-admin/contracts';
import i18n, { currentLang, setLangLoader } from '../lib/i18n';
import { baseCatalogue, type Messages } from './catalogue';
import { loadChunk } from '../lib/chunk';

/**
 * The catalogue (app/catalogue.ts) in the i18next instance (lib/i18n.ts): the base tier is added when this
 * module loads (start.tsx imports it first), every feature's strings in the language shown by `ensureFullCatalogue()`.
 * The instance, `currentLang` and `changeLang` live in lib/i18n.ts (re-exported here for the tests).
 */
for (const lang of ['zh-CN', 'en-US'] as const) {
  // Copies: i18next extends its resources in place when the feature strings arrive.
  i18n.addResourceBundle(lang, 'translation', structuredClone(baseCatalogue[lang]), true, false);
}

const loaders: Record<Lang, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import('./featureStrings.zh-CN'),
  'en-US': () => import('./featureStrings.en-US'),
};
const loaded: Partial<Record<Lang, Promise<void>>> = {};

/**
 * Adds every feature's strings in `lang` (one lazy chunk per language); the shell and the non-sign-in public pages
 * await it for the language shown. Once one language is in, switching (changeLang) loads the other's first.
 */
export function ensureFullCatalogue(lang: Lang = currentLang()): Promise<void> {
  return (loaded[lang] ??= loadChunk(loaders[lang]).then(
    ({ default: strings }) => {
      i18n.addResourceBundle(lang, 'translation', strings, true, false);
    },
    (e: unknown) => {
      delete loaded[lang];
      throw e;
    },
  ));
}

// the sign-in page (base tier only) switches without loading the features' strings
setLangLoader((lang) => (Object.keys(loaded).length ? ensureFullCatalogue(lang) : Promise.resolve()));

export { changeLang, currentLang } from '../lib/i18n';
export default i18n;
