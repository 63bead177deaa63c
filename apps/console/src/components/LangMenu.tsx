import { Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@stock-admin/contracts';
import { LANGS } from '../lib/contracts-lite';
import { changeLang, currentLang } from '../lib/i18n';

/** The language menu (spec §1): both languages, the current one selected. */
export function LangMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGS.map((l) => ({ key: l, label: <span data-lang={l}>{t(`lang.${l}`)}</span> })),
        onClick: ({ key }) => void changeLang(key as Lang),
      }}
    >
      <span className={className ?? 'header-action'} role="button" tabIndex={0} aria-label={t('lang.menu')} data-testid="lang-menu">
        <GlobalOutlined />
      </span>
    </Dropdown>
  );
}
