import type { Plugin } from 'vite';

/** ProComponents' message files of languages other than the console's two (zh-CN, en-US). */
const OTHER_LANGUAGE =
  /@ant-design[\\/]pro-(provider[\\/]es[\\/]locale[\\/]|layout[\\/]es[\\/]locales[\\/])(?!zh[_-]CN|en[_-]US)[a-z]{2}[_-][A-Z]{2}\.js$/;

/**
 * ProConfigProvider's `intlMap` imports the messages of all 33 languages ProComponents ships (≈ 50 KB of source in
 * the shell) although the console always passes its own `intl` (zhCNIntl or enUSIntl); ProLayout does the same with
 * five. In the console's build the others are empty tables: a lookup in one would fall back to zh-CN, and none is made.
 */
export function onlyOurLanguages(): Plugin {
  return {
    name: 'only-our-languages',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return OTHER_LANGUAGE.test(id) ? 'export default {};' : null;
    },
  };
}
