import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../../lib/routing';

const CODES = ['403', '404', '500'] as const;

/** Exception pages 403 / 404 / 500 (the code is the last segment of the path). */
export default function Exception() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const code = CODES.find((c) => pathname.endsWith(c)) ?? '404';
  return (
    <div data-testid={`exception-${code}`}>
      <Result
        status={code}
        title={code}
        subTitle={t(`exception.d${code}`)}
        extra={
          <Link to={HOME_PATH}>
            <Button type="primary">{t('exception.backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}
