import { Trans } from 'react-i18next';

/**
 * A catalogue sentence with one piece of user data in it (`'{{greeting}}，<name/>，欢迎回来'`): the data is
 * its own element marked `translate="no"` — a name is never translated, and the page's language check
 * (the layout suite) knows it for data. It goes in as an element, not as an interpolated value, so that
 * markup-like text in a name stays text.
 */
export function DataInText({
  i18nKey,
  slot,
  data,
  values,
}: {
  i18nKey: string;
  slot: string;
  data: string;
  values?: Record<string, string>;
}) {
  return <Trans i18nKey={i18nKey} values={values} components={{ [slot]: <span translate="no">{data}</span> }} />;
}
