import { buildFeatureStrings, type Messages } from './catalogue';

/** Every feature's strings in zh-CN (a lazy chunk of its own: the console loads the language it shows). */
const files = import.meta.glob<{ default: Messages }>(
  ['../features/*/locales/zh-CN.ts', '../shared/locales/zh-CN.ts', '!../features/session/**'],
  { eager: true },
);

export default buildFeatureStrings('zh-CN', files);
