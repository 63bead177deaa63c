import '../risk.css';
import { useState } from 'react';
import { Switch, Tag, Tooltip, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { CrudList } from '../../../shared/list/CrudList';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { SPREAD_RULE_TYPES, type SpreadRuleItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { useRowActions } from '../../../shared/useRowActions';
import { riskCalls } from '../api';
import { SpreadDrawer } from '../components/SpreadDrawer';
import { ruleScope, toggled } from '../lib/spread';

/** 点差设置: every column (a short list): on a phone, a card per rule (issue 39). */
const SPREAD_LAYOUT: ListLayout = {
  id: 'spread-rules',
  must: ['type', 'scope', 'ratePct', 'enabled', 'note', 'updatedAt'],
  card: { head: ['scope', 'enabled'], fields: ['type', 'ratePct', 'note'] },
};

const TYPE_COLORS: Record<string, string> = { change_pct: 'magenta', amount: 'gold', code_prefix: 'blue', price: 'cyan' };

/**
 * 点差设置 (/risksetting/spreadsetting): the spread rules — the highest rate among the enabled rules
 * matching an order applies. Add / edit in a drawer; enabling, disabling and deleting ask first.
 */
export default function SpreadSettings() {
  const { t } = useTranslation();
  const { can, info } = useAccess();
  const staff = info?.agentId == null;
  const [rows, setRows] = useState<SpreadRuleItem[]>([]);
  const { busy, run, confirm } = useRowActions(setRows);

  const onEnabled = (r: SpreadRuleItem, enabled: boolean) =>
    confirm(
      {
        title: t(enabled ? 'risk.spread.enableTitle' : 'risk.spread.disableTitle'),
        content: t(enabled ? 'risk.spread.enableContent' : 'risk.spread.disableContent', { scope: ruleScope(r), rate: r.ratePct }),
        okText: t('risk.common.ok'),
        cancelText: t('risk.common.cancel'),
        danger: !enabled,
      },
      () =>
        run(
          `enabled-${r.id}`,
          () => riskCalls.spreadUpdate(toggled(r, enabled)),
          t(enabled ? 'risk.spread.enabledDone' : 'risk.spread.disabledDone'),
        ),
    );

  const canEdit = staff && can('edit');
  const columns: ProColumns<SpreadRuleItem>[] = [
    {
      title: t('risk.spread.type'),
      dataIndex: 'type',
      width: 140,
      valueType: 'select',
      valueEnum: Object.fromEntries(SPREAD_RULE_TYPES.map((v) => [v, { text: t(`risk.spread.types.${v}`) }])),
      render: (_, r) => <Tag color={TYPE_COLORS[r.type]}>{t(`risk.spread.types.${r.type}`)}</Tag>,
    },
    {
      title: t('risk.spread.scope'),
      key: 'scope',
      search: false,
      width: 220,
      render: (_, r) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{ruleScope(r)}</span>,
    },
    {
      title: t('risk.spread.rate'),
      dataIndex: 'ratePct',
      search: false,
      width: 100,
      align: 'right',
      render: (_, r) => <Typography.Text strong>{r.ratePct}%</Typography.Text>,
    },
    {
      title: t('risk.spread.enabled'),
      dataIndex: 'enabled',
      search: false,
      width: 90,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.enabled}
          disabled={!canEdit}
          loading={busy === `enabled-${r.id}`}
          onChange={(v) => onEnabled(r, v)}
          aria-label={`${t('risk.spread.enabled')} #${r.id}`}
          data-testid={`spread-enabled-${r.id}`}
        />
      ),
    },
    {
      title: t('risk.spread.note'),
      dataIndex: 'note',
      search: false,
      ellipsis: true,
      render: (_, r) => (r.note ? <Tooltip title={r.note}>{r.note}</Tooltip> : '-'),
    },
    {
      title: t('risk.spread.updatedAt'),
      dataIndex: 'updatedAt',
      search: false,
      width: 170,
      render: (_, r) => dayjs(r.updatedAt).format('YYYY-MM-DD HH:mm:ss'),
    },
  ];

  return (
    <CrudList<SpreadRuleItem, { list: SpreadRuleItem[]; total: number }>
      testId="spread-list"
      className="risk-page"
      manage={staff}
      title={
        <Tooltip title={t('risk.spread.help')}>
          <span>{t('risk.menu.spreadsetting')}</span>
        </Tooltip>
      }
      layout={SPREAD_LAYOUT}
      // the rows shown are kept here: a switch's answer patches its row without a reload
      table={{ dataSource: rows, onDataSourceChange: setRows, options: { reload: true, density: false, setting: false } }}
      load={(page, params) => riskCalls.spreadList({ ...page, type: (params.type as SpreadRuleItem['type'] | undefined) || undefined })}
      add={{ label: t('risk.spread.add'), testId: 'spread-add' }}
      actionsWidth={120}
      editTestId={(r) => `spread-edit-${r.id}`}
      remove={{
        confirm: (r) => t('risk.spread.deleteConfirm', { scope: ruleScope(r) }),
        run: (r) => riskCalls.spreadDelete(r.id),
        done: () => feedback.message.success(t('risk.spread.deleted')),
        testId: (r) => `spread-delete-${r.id}`,
      }}
      Editor={SpreadDrawer}
      columns={() => columns}
    />
  );
}
