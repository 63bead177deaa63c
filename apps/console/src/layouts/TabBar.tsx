import { Dropdown, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OpenTab, TabAction } from './useTabs';

/** The tab bar (spec §2): opened pages, closable when more than one is open, right-click actions. */
export function TabBar({ tabs, activeId, onAction }: { tabs: OpenTab[]; activeId: string; onAction: (a: TabAction, key: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const closable = tabs.length > 1;
  return (
    <div className="shell-tabs" data-testid="tab-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeId}
        onChange={(id) => {
          const tab = tabs.find((x) => x.id === id);
          if (tab) navigate(tab.key);
        }}
        onEdit={(id, action) => {
          const tab = tabs.find((x) => x.id === id);
          if (action === 'remove' && tab) onAction('close', tab.key);
        }}
        items={tabs.map((tab) => ({
          key: tab.id,
          closable,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              menu={{
                items: [
                  { key: 'close', label: t('tabs.closeCurrent') },
                  { key: 'closeRight', label: t('tabs.closeRight') },
                  { key: 'closeLeft', label: t('tabs.closeLeft') },
                  { key: 'closeAll', label: t('tabs.closeAll') },
                ],
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  onAction(key as TabAction, tab.key);
                },
              }}
            >
              <span className="shell-tab-label" data-tab-key={tab.key}>
                {t(tab.route.titleKey)}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
