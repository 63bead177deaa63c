import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { strengthOf } from '../registerRules';
import { READABLE } from '../theme/contrast';

/** The strength meter under a new-password field (spec §5 scoring, lib/password.ts). */
export function PasswordMeter({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const s = strengthOf(value);
  if (!value) return null;
  const color = s.level >= 3 ? READABLE.success : s.level >= 2 ? READABLE.warning : READABLE.error;
  return (
    <div className="password-meter" data-testid="password-meter" data-level={s.level}>
      <span className="password-meter-label" style={{ color }}>
        {t(s.labelKey)}
      </span>
      <Progress
        percent={s.percent}
        showInfo={false}
        size="small"
        strokeColor={color}
        aria-label={t(s.labelKey)}
        status={s.status === 'exception' ? 'exception' : 'normal'}
      />
      <div className="password-meter-hint">{t('registerRule.passwordStrength')}</div>
    </div>
  );
}
