import type { Lang } from '@stock-admin/contracts';
import type { Messages } from './catalogue';
import zh from './featureStrings.zh-CN';
import en from './featureStrings.en-US';

/** Both languages' feature strings at once: for the tests (the console loads only the language shown). */
export const featureCatalogue: Record<Lang, Messages> = { 'zh-CN': zh, 'en-US': en };
