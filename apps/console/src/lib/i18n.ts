import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@stock-admin/contracts';
import { baseCatalogue } from './catalogue';
import { loadChunk } from '../lib/chunk';
import { getStoredLang, setStoredLang } from '../lib/storage';

/**
 * i18next with the catalogue (app/catalogue.ts). The stored language (default zh-CN) is used at start;
 * the library's fallback language is English (spec §9). antd's locale follows the language in the providers.
 */
void i18n.use(initReactI18next).init({
  resources: {
    // Copies: i18next extends its resources in place when the feature strings arrive.
    'zh-CN': { translation: structuredClone(baseCatalogue['zh-CN']) },
    'en-US': { translation: structuredClone(baseCatalogue['en-US']) },
  },
  lng: getStoredLang(),
  fallbackLng: 'en-US',
  supportedLngs: ['zh-CN', 'en-US'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // Components re-render when the feature strings arrive (ensureFullCatalogue).
  react: { bindI18n: 'languageChanged', bindI18nStore: 'added' },
});

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

export const currentLang = (): Lang => (i18n.language === 'en-US' ? 'en-US' : 'zh-CN');

/** Switches the language everywhere: i18next, the stored choice; antd (providers) and dayjs (app/dayjsLocale.ts) follow. */
export async function changeLang(lang: Lang): Promise<void> {
  setStoredLang(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export default i18n;
