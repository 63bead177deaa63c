import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `<route title> - <product title>` (spec §1). */
export function useDocumentTitle(titleKey: string | undefined) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - ${t('app.title')}` : t('app.title');
  }, [titleKey, t, i18n.language]);
}
