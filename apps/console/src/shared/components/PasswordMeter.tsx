import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { strengthOf } from '../registerRules';

/** The strength meter under a new-password field (spec §5 scoring, lib/password.ts). */
export function PasswordMeter({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const s = strengthOf(value);
  if (!value) return null;
  const color = s.level >= 3 ? '#52c41a' : s.level >= 2 ? '#faad14' : '#ff4d4f';
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
        status={s.status === 'exception' ? 'exception' : 'normal'}
      />
      <div className="password-meter-hint">{t('registerRule.passwordStrength')}</div>
    </div>
  );
}
