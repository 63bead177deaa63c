import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@stock-admin/contracts';
import { getStoredLang, setStoredLang } from './storage';

/**
 * The i18next instance. The stored language (default zh-CN) is used at start; the library's fallback
 * language is English (spec §9). antd's locale follows the language in the providers.
 * The strings are not here: app/i18n.ts adds the catalogue (app/catalogue.ts) when it loads — start.tsx and the
 * test setup import it first — so that lib/ and components/ depend on nothing in app/ or features/.
 */
void i18n.use(initReactI18next).init({
  // Empty until app/i18n.ts adds the base catalogue (i18next extends its resources in place).
  resources: { 'zh-CN': { translation: {} }, 'en-US': { translation: {} } },
  lng: getStoredLang(),
  fallbackLng: 'en-US',
  supportedLngs: ['zh-CN', 'en-US'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // Components re-render when the feature strings arrive (ensureFullCatalogue).
  react: { bindI18n: 'languageChanged', bindI18nStore: 'added' },
});

let loadLang: (lang: Lang) => Promise<void> = () => Promise.resolve();

/** Strings a language needs before it is shown (app/i18n.ts: the features' strings, loaded per language). */
export function setLangLoader(load: (lang: Lang) => Promise<void>): void {
  loadLang = load;
}

export const currentLang = (): Lang => (i18n.language === 'en-US' ? 'en-US' : 'zh-CN');

/** Switches the language everywhere: i18next, the stored choice; antd (providers) and dayjs (app/dayjsLocale.ts) follow. */
export async function changeLang(lang: Lang): Promise<void> {
  setStoredLang(lang);
  await loadLang(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export default i18n;

/**
 * A translation of a Chinese strings file: the same keys, where a counted text (`key_other`, the only plural form
 * Chinese has) may also have its `key_one` form — English says "1 user", "2 users" (i18next picks the form by `count`).
 */
export type PluralOf<T> = {
  [K in keyof T]: T[K] extends string ? string : PluralOf<T[K]>;
} & {
  [K in keyof T as K extends `${infer B}_other` ? `${B}_one` : never]?: string;
};
