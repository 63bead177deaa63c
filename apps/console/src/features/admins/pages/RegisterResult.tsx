import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import '../admins.css';

/** After registration (spec §2 /user/register-result): the request awaits the super-user's activation within 24 hours. */
export default function RegisterResult() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const hours = Number(params.get('hours')) || 24;
  const expires = params.get('expiresAt');
  const until = expires && dayjs(expires).isValid() ? dayjs(expires).format('YYYY-MM-DD HH:mm') : null;
  return (
    <div data-testid="page-register-result">
      <Result
        className="register-result"
        status="success"
        title={
          <span data-testid="register-result-title">
            {email ? t('admins.register.result.title', { email }) : t('admins.register.result.titlePlain')}
          </span>
        }
        subTitle={
          <span data-testid="register-result-desc">
            {t('admins.register.result.desc', { hours })}
            {until ? ` ${t('admins.register.result.until', { time: until })}` : ''}
          </span>
        }
        extra={
          <Link to="/user/login">
            <Button type="primary" data-testid="register-result-login">
              {t('admins.register.result.toLogin')}
            </Button>
          </Link>
        }
      />
    </div>
  );
}
