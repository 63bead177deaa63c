import { useMemo, useState } from 'react';
import { Button, Card, Checkbox, List, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasAccess, Access } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { setSiteStyle, useSession } from '../../../lib/session';
import { BADGE_BUTTONS, badgePageTrail, builtBadgeButtons } from '../../../shared/badgeButtons';
import { useShellRoutes } from '../../../shared/shellRoutes';
import { accountCalls } from '../api';
import '../account.css';

const ALL = BADGE_BUTTONS.map((b) => b.code as number);

/**
 * The choice as saved: the chosen codes in the buttons' order, unknown codes dropped. Only built pages'
 * buttons are offered; a button whose page is not built yet keeps the choice it had (`saved`), so it
 * shows as chosen when its domain lands.
 */
export function normaliseBadges(chosen: readonly number[], saved: readonly number[], built: ReadonlySet<number>): number[] {
  const set = new Set(chosen);
  const kept = new Set(saved);
  return ALL.filter((c) => (built.has(c) ? set.has(c) : kept.has(c)));
}

/** 状态栏管理: which header badge buttons this admin sees (saved with the site style as `badges`). */
export default function SettingsCustom() {
  const { t } = useTranslation();
  const { info, siteStyle } = useSession();
  // The buttons whose page is built (the shell's route table), and their codes.
  const shellRoutes = useShellRoutes();
  const buttons = useMemo(() => builtBadgeButtons(shellRoutes), [shellRoutes]);
  const built = useMemo(() => new Set(buttons.map((b) => b.code as number)), [buttons]);
  const saved = siteStyle.badges ?? ALL;
  const [chosen, setChosen] = useState<number[]>(saved);
  const [busy, setBusy] = useState(false);
  const dirty = normaliseBadges(chosen, saved, built).join(',') !== normaliseBadges(saved, saved, built).join(',');

  const save = async () => {
    const badges = normaliseBadges(chosen, saved, built);
    setBusy(true);
    try {
      await accountCalls.setSiteStyle(badges);
      // The header follows at once (the shell's style saver also keeps the field).
      setSiteStyle({ badges });
      feedback.message.success(t('account.custom.saved'));
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="account-page" title={t('account.menu.custom')} data-testid="page-account-custom">
      <Typography.Paragraph type="secondary">{t('account.custom.intro')}</Typography.Paragraph>
      <List
        bordered
        style={{ maxWidth: 560, marginBottom: 16 }}
        dataSource={buttons}
        renderItem={(b) => {
          const allowed = hasAccess(info, b.permission, 'query');
          const box = (
            <Checkbox
              checked={chosen.includes(b.code)}
              onChange={(e) => setChosen((c) => (e.target.checked ? [...c, b.code] : c.filter((x) => x !== b.code)))}
              data-testid={`custom-badge-${b.code}`}
            >
              <Space>
                <span className="account-badge-icon">{b.icon}</span>
                {t(b.labelKey)}
              </Space>
            </Checkbox>
          );
          return (
            <List.Item
              extra={
                <Typography.Text type="secondary">
                  {badgePageTrail(b, shellRoutes)
                    .map((k) => t(k))
                    .join(' / ')}
                </Typography.Text>
              }
            >
              {allowed ? (
                box
              ) : (
                // said in words, not by fading the entry (a faded label fell below 4.5 : 1)
                <Tooltip title={t('account.custom.notAllowed')}>
                  <span className="account-badge-na">
                    {box}
                    <Tag>{t('account.custom.noAccess')}</Tag>
                  </span>
                </Tooltip>
              )}
            </List.Item>
          );
        }}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('account.custom.permissionNote')}
      </Typography.Paragraph>
      <Access action="edit">
        <Space>
          <Button type="primary" onClick={() => void save()} loading={busy} disabled={!dirty} data-testid="custom-save">
            {t('account.custom.save')}
          </Button>
          <Button onClick={() => setChosen(ALL)} data-testid="custom-all">
            {t('account.custom.all')}
          </Button>
        </Space>
      </Access>
    </Card>
  );
}
