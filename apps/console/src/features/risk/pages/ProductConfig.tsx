import { useTranslation } from 'react-i18next';
import { productConfigInput } from '@stock-admin/contracts';
import { SettingsForm } from '../components/SettingsForm';

/** 产品配置 (/risksetting/productsetting): what the platform shows and allows (trading switches, real name, holiday mode). */
export default function ProductConfig() {
  const { t } = useTranslation();
  return <SettingsForm doc="product" schema={productConfigInput} title={t('risk.menu.productsetting')} />;
}
