import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { stockRiskInput } from '@stock-admin/contracts';
import { SettingsForm } from '../components/SettingsForm';

/** 股票风控 (/risksetting/sharessetting): fees, order limits, anti-churn, price-move bands, force-close line, hours. */
export default function StockRisk() {
  const { t } = useTranslation();
  return (
    <SettingsForm
      doc="stock"
      schema={stockRiskInput}
      title={t('risk.menu.sharessetting')}
      extra={<Link to="/risksetting/indexsetting">{t('risk.menu.indexsetting')}</Link>}
    />
  );
}
