import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { indexRiskInput } from '@stock-admin/contracts';
import { SettingsForm } from '../components/SettingsForm';

/** 指数风控 (/risksetting/indexsetting, hidden from the menu; linked from 股票风控). */
export default function IndexRisk() {
  const { t } = useTranslation();
  return (
    <SettingsForm
      doc="index"
      schema={indexRiskInput}
      title={t('risk.menu.indexsetting')}
      extra={<Link to="/risksetting/sharessetting">{t('risk.menu.sharessetting')}</Link>}
    />
  );
}
