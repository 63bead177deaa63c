import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../../lib/routing';

/** Result pages: /result/success and /result/fail. */
export default function ResultPage() {
  const { t } = useTranslation();
  const ok = useLocation().pathname.endsWith('/success');
  return (
    <Result
      status={ok ? 'success' : 'error'}
      title={t(ok ? 'result.successTitle' : 'result.failTitle')}
      subTitle={t(ok ? 'result.successDesc' : 'result.failDesc')}
      extra={
        <Link to={HOME_PATH}>
          <Button type="primary">{t('result.backHome')}</Button>
        </Link>
      }
    />
  );
}
