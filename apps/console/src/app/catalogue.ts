import type { Lang } from '@stock-admin/contracts';
import sharedZh from '../locales/zh-CN';
import sharedEn from '../locales/en-US';
import sessionZh from '../features/session/locales/zh-CN';
import sessionEn from '../features/session/locales/en-US';

export type Messages = { [key: string]: string | Messages };

/**
 * The i18n catalogue = shared strings (src/locales) + every feature's `features/<domain>/locales/{zh-CN,en-US}.ts`
 * (a feature default-exports `{ <domain>: { ...strings } }`; new features are picked up automatically).
 *
 * Two tiers keep the sign-in page small:
 * - `baseCatalogue` (loaded with the first chunk): shared strings + the `session` feature (sign-in page);
 * - the other features (app/featureStrings.<lang>.ts, one lazy chunk per language: only the language shown is
 *   loaded) are added by `ensureFullCatalogue()` (app/i18n.ts) before the shell or any other public page renders,
 *   and the other language's when the operator switches.
 * A key defined twice is a programming error and throws.
 */
export function mergeMessages(target: Messages, source: Messages, where = ''): Messages {
  for (const [k, v] of Object.entries(source)) {
    const path = where ? `${where}.${k}` : k;
    const cur = target[k];
    if (typeof v === 'object' && v !== null) {
      if (cur !== undefined && typeof cur !== 'object') throw new Error(`i18n key ${path} defined twice`);
      target[k] = mergeMessages((cur as Messages) ?? {}, v, path);
    } else {
      if (cur !== undefined) throw new Error(`i18n key ${path} defined twice`);
      target[k] = v;
    }
  }
  return target;
}

export const baseCatalogue: Record<Lang, Messages> = {
  'zh-CN': mergeMessages(mergeMessages({}, sharedZh as unknown as Messages), sessionZh),
  'en-US': mergeMessages(mergeMessages({}, sharedEn as unknown as Messages), sessionEn),
};

/** Every leaf key (`a.b.c`) of a catalogue. */
export function flattenKeys(m: Messages, prefix = ''): string[] {
  return Object.entries(m).flatMap(([k, v]) => (typeof v === 'object' ? flattenKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

/**
 * Strings of every feature except `session` (which is in the base tier), and of the shared page code
 * (shared/locales), in one language: featureStrings.<lang>.ts is one lazy chunk each, loaded by `ensureFullCatalogue()`.
 * Merging against the base tier makes a key defined twice throw.
 */
export function buildFeatureStrings(lang: Lang, files: Record<string, { default: Messages }>): Messages {
  const check = structuredClone(baseCatalogue[lang]);
  const out: Messages = {};
  for (const key of Object.keys(files).sort()) {
    mergeMessages(check, files[key]!.default);
    mergeMessages(out, structuredClone(files[key]!.default));
  }
  return out;
}
