import '../risk.css';
import { useRef, useState } from 'react';
import { Button, Popconfirm, Switch, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { SPREAD_RULE_TYPES, type SpreadRuleItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults, pageOf } from '../../../lib/proTable';
import { useRowActions } from '../../../shared/useRowActions';
import { riskCalls } from '../api';
import { SpreadDrawer } from '../components/SpreadDrawer';
import { ruleScope, toggled } from '../lib/spread';
import { tableRequest } from '../../../shared/tableRequest';

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
  const actionRef = useRef<ActionType>(undefined);
  const [rows, setRows] = useState<SpreadRuleItem[]>([]);
  const [editing, setEditing] = useState<{ rule: SpreadRuleItem | null } | null>(null);
  const { busy, run, confirm } = useRowActions(setRows);
  const reload = () => void actionRef.current?.reload();

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

  const onDelete = async (r: SpreadRuleItem) => {
    try {
      await riskCalls.spreadDelete(r.id);
      feedback.message.success(t('risk.spread.deleted'));
      reload();
    } catch {
      /* shown by the request client */
    }
  };

  const canEdit = staff && can('edit');
  const canDelete = staff && can('delete');
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
    {
      title: t('risk.common.actions'),
      key: 'actions',
      valueType: 'option',
      width: 120,
      hideInTable: !canEdit && !canDelete,
      render: (_, r) => [
        canEdit && (
          <a key="edit" onClick={() => setEditing({ rule: r })} data-testid={`spread-edit-${r.id}`}>
            {t('risk.common.edit')}
          </a>
        ),
        canDelete && (
          <Popconfirm
            key="delete"
            title={t('risk.spread.deleteConfirm', { scope: ruleScope(r) })}
            okText={t('risk.common.ok')}
            cancelText={t('risk.common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(r)}
          >
            <a className="danger-link" data-testid={`spread-delete-${r.id}`}>
              {t('risk.common.delete')}
            </a>
          </Popconfirm>
        ),
      ],
    },
  ];

  return (
    <div className="risk-page" data-testid="spread-list">
      <ListTable<SpreadRuleItem>
        layout={SPREAD_LAYOUT}
        {...tableDefaults()}
        actionRef={actionRef}
        columns={columns}
        dataSource={rows}
        onDataSourceChange={setRows}
        headerTitle={
          <Tooltip title={t('risk.spread.help')}>
            <span>{t('risk.menu.spreadsetting')}</span>
          </Tooltip>
        }
        search={{ labelWidth: 'auto' }}
        options={{ reload: true, density: false, setting: false }}
        toolBarRender={() =>
          staff && can('add')
            ? [
                <Button
                  key="add"
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ rule: null })}
                  data-testid="spread-add"
                >
                  {t('risk.spread.add')}
                </Button>,
              ]
            : []
        }
        request={async (params) => {
          return tableRequest(() =>
            riskCalls.spreadList({
              ...pageOf(params),
              type: params.type || undefined,
            }),
          );
        }}
      />
      <SpreadDrawer
        open={!!editing}
        rule={editing?.rule ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </div>
  );
}
