import { buildFeatureStrings, type Messages } from './catalogue';

/** Every feature's strings in en-US (a lazy chunk of its own: the console loads the language it shows). */
const files = import.meta.glob<{ default: Messages }>(
  ['../features/*/locales/en-US.ts', '../shared/locales/en-US.ts', '!../features/session/**'],
  { eager: true },
);

export default buildFeatureStrings('en-US', files);
