import { Button, Divider, Drawer, Radio, Select, Switch, Tooltip, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SITE_STYLE, type SiteStyle } from '@stock-admin/contracts';
import { setSiteStyle, useSession } from '../lib/session';

export const PRIMARY_COLORS = ['#1e9fff', '#1677ff', '#2f54eb', '#722ed1', '#13c2c2', '#52c41a', '#faad14', '#fa541c', '#f5222d'];

/** Theme and layout panel; changes apply at once and are saved by the shell (coalesced, spec §7). */
export function SettingDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { siteStyle } = useSession();
  const set = (patch: SiteStyle) => setSiteStyle(patch);
  // each control is labelled by its row's text (a <label for> its id: a screen reader names the switch or the select)
  const row = (label: string, control: React.ReactElement<{ id?: string }>) => (
    <div className="setting-row" key={control.props.id}>
      <label htmlFor={control.props.id}>{label}</label>
      {control}
    </div>
  );
  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} width={320} data-testid="setting-drawer">
      <Typography.Title level={5}>{t('settings.navTheme')}</Typography.Title>
      <Radio.Group value={siteStyle.navTheme} onChange={(e) => set({ navTheme: e.target.value })} optionType="button" buttonStyle="solid">
        {(['dark', 'light', 'realDark'] as const).map((v) => (
          <Radio.Button key={v} value={v}>
            {t(`settings.${v}`)}
          </Radio.Button>
        ))}
      </Radio.Group>
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('settings.primaryColor')}
      </Typography.Title>
      <div className="setting-colors">
        {PRIMARY_COLORS.map((c) => (
          <Tooltip key={c} title={c}>
            <button
              type="button"
              className="setting-color"
              style={{ background: c }}
              aria-label={c}
              onClick={() => set({ primaryColor: c })}
            >
              {siteStyle.primaryColor.toLowerCase() === c && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>
      <Divider />
      <Typography.Title level={5}>{t('settings.layout')}</Typography.Title>
      <Radio.Group value={siteStyle.layout} onChange={(e) => set({ layout: e.target.value })} optionType="button">
        {(['sidemenu', 'topmenu', 'mix'] as const).map((v) => (
          <Radio.Button key={v} value={v}>
            {t(`settings.${v}`)}
          </Radio.Button>
        ))}
      </Radio.Group>
      <div style={{ marginTop: 16 }}>
        {row(
          t('settings.contentWidth'),
          <Select
            id="setting-content-width"
            size="small"
            style={{ width: 100 }}
            value={siteStyle.contentWidth}
            onChange={(v) => set({ contentWidth: v })}
            options={(['Fluid', 'Fixed'] as const).map((v) => ({ value: v, label: t(`settings.${v}`) }))}
          />,
        )}
        {(['fixedHeader', 'fixSiderbar', 'multiTab', 'colorWeak'] as const).map((k) =>
          row(t(`settings.${k}`), <Switch id={`setting-${k}`} size="small" checked={siteStyle[k]} onChange={(v) => set({ [k]: v })} />),
        )}
        {/* the lists' letters (A, R, ?) are on unless switched off (issue 65) */}
        {row(
          t('settings.shortcuts'),
          <Switch
            id="setting-shortcuts"
            size="small"
            checked={siteStyle.shortcuts !== false}
            onChange={(v) => set({ shortcuts: v })}
            data-testid="setting-shortcuts"
          />,
        )}
      </div>
      <Typography.Title level={5} style={{ marginTop: 20 }} id="setting-palette-title">
        {t('settings.palette')}
      </Typography.Title>
      {/* the market's colours (issue 65): the colour-blind-safe pair keeps every sign and arrow */}
      <Radio.Group
        value={siteStyle.palette ?? 'redGreen'}
        onChange={(e) => set({ palette: e.target.value })}
        optionType="button"
        aria-labelledby="setting-palette-title"
        data-testid="setting-palette"
        className="setting-palette"
      >
        {(['redGreen', 'blueOrange'] as const).map((v) => (
          <Radio.Button key={v} value={v}>
            {t(`settings.palettes.${v}`)}
          </Radio.Button>
        ))}
      </Radio.Group>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('settings.paletteHint')}
      </Typography.Paragraph>
      <Divider />
      <Typography.Paragraph type="secondary">{t('settings.savedHint')}</Typography.Paragraph>
      <Button block onClick={() => set({ ...DEFAULT_SITE_STYLE })}>
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
