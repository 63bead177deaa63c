import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The page-loading overlay: shown while a page's chunk or the session loads. */
export function PageLoading({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={full ? 'page-loading page-loading-full' : 'page-loading'}
      role="status"
      aria-label={t('app.loading')}
      data-testid="page-loading"
    >
      <Spin size="large" />
    </div>
  );
}
