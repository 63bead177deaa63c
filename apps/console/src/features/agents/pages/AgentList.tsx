import '../../../shared/styles/users.css';
import { useRef, useState } from 'react';
import { Button, Popconfirm, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AgentItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults, pageOf } from '../../../lib/proTable';
import { agentCalls } from '../api';
import { AdjustModal, type AdjustValues } from '../../../shared/components/AdjustModal';
import { Money } from '../../../shared/components/Money';
import { formatMoney } from '../../../shared/money';
import { formatRate, previewAgentAdjust } from '../../../shared/decimal';
import { type Params } from '../../../shared/userFilters';
import { AgentFormModal } from '../components/AgentFormModal';
import { tableRequest } from '../../../shared/tableRequest';

/** 代理列表: who the agent is, its rates and balance, its users (issue 39). */
const AGENTS_LAYOUT: ListLayout = {
  id: 'agents',
  must: ['name', 'realName', 'phone', 'parentName', 'feeRate', 'profitRate', 'balance', 'userCount', 'childCount', 'locked'],
  card: { head: ['name', 'locked'], fields: ['realName', 'phone', 'parentName', 'balance', 'userCount', 'childCount'] },
};

type Row = AgentItem & { children?: Row[] };

const time = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-');
const asRow = (a: AgentItem): Row => (a.childCount > 0 ? { ...a, children: [] } : { ...a });

/** Rows with the loaded children attached (recursively). */
function attach(rows: Row[], children: Record<number, Row[]>): Row[] {
  return rows.map((r) => (children[r.id] ? { ...r, children: attach(children[r.id]!, children) } : r));
}

// Not on CrudList: the agents are a tree (top agents paged, each level loaded as it is expanded, a search flat across levels), and its
// rows add a sub-agent and adjust a balance: CrudList is one flat server-paged list.
/**
 * 代理列表 (/userlist/agentlist): the agent tree (top agents paged; children load when a row expands);
 * a search lists matching agents at any level. Add / edit / delete, lock, balance adjustment.
 */
export default function AgentList() {
  const { t } = useTranslation();
  const { can, info } = useAccess();
  const agentStaff = info?.agentId != null;
  const actionRef = useRef<ActionType>(undefined);
  const [roots, setRoots] = useState<Row[]>([]);
  const [children, setChildren] = useState<Record<number, Row[]>>({});
  const [expanded, setExpanded] = useState<number[]>([]);
  const [form, setForm] = useState<{ agent: AgentItem | null; parent?: AgentItem | null } | null>(null);
  const [adjusting, setAdjusting] = useState<AgentItem | null>(null);

  const loadChildren = async (id: number) => {
    try {
      const d = await agentCalls.list({ pageNum: 1, pageSize: 1000, parentId: id });
      setChildren((c) => ({ ...c, [id]: d.list.map(asRow) }));
    } catch {
      /* shown by the client */
    }
  };

  /** Reloads the roots and every expanded level. */
  const reload = () => {
    void actionRef.current?.reload();
    setChildren({});
    for (const id of expanded) void loadChildren(id);
  };

  const run = async (fn: () => Promise<{ msg: string }>) => {
    try {
      const r = await fn();
      feedback.message.success(r.msg);
      reload();
    } catch {
      /* shown by the client (e.g. the agent still has users or sub-agents) */
    }
  };

  const adjust = async (v: AdjustValues) => {
    const a = adjusting!;
    const d = await agentCalls.updateAgentAmt({ agentId: a.id, amt: v.amt, direction: v.direction, note: v.note });
    feedback.message.success(t('agents.adjust.done', { balance: formatMoney(d.balance) }));
    setAdjusting(null);
    reload();
  };

  const columns: ProColumns<Row>[] = [
    {
      title: t('agents.col.name'),
      dataIndex: 'name',
      width: 240,
      fixed: 'left',
      fieldProps: { placeholder: t('agents.filter.namePlaceholder') },
      render: (_, a) => (
        <span data-testid={`agent-row-${a.id}`}>
          <Tag color={a.level === 1 ? 'gold' : a.level === 2 ? 'blue' : 'default'}>{t('agents.level', { n: a.level })}</Tag>
          {a.name}
        </span>
      ),
    },
    { title: t('agents.col.realName'), dataIndex: 'realName', search: false, width: 100, render: (_, a) => a.realName || '-' },
    { title: t('agents.col.phone'), dataIndex: 'phone', width: 130 },
    {
      title: t('agents.col.inviteCode'),
      dataIndex: 'inviteCode',
      width: 110,
      render: (_, a) => <Typography.Text copyable>{a.inviteCode}</Typography.Text>,
    },
    { title: t('agents.col.parent'), dataIndex: 'parentName', search: false, width: 130, render: (_, a) => a.parentName || '-' },
    {
      title: t('agents.col.feeRate'),
      dataIndex: 'feeRate',
      search: false,
      width: 100,
      align: 'right',
      render: (_, a) => formatRate(a.feeRate),
    },
    {
      title: t('agents.col.deferralRate'),
      dataIndex: 'deferralRate',
      search: false,
      width: 100,
      align: 'right',
      render: (_, a) => formatRate(a.deferralRate),
    },
    {
      title: t('agents.col.profitRate'),
      dataIndex: 'profitRate',
      search: false,
      width: 100,
      align: 'right',
      render: (_, a) => formatRate(a.profitRate),
    },
    {
      title: t('agents.col.balance'),
      dataIndex: 'balance',
      search: false,
      width: 130,
      align: 'right',
      render: (_, a) => <Money value={a.balance} strong />,
    },
    { title: t('agents.col.userCount'), dataIndex: 'userCount', search: false, width: 90, align: 'right' },
    { title: t('agents.col.childCount'), dataIndex: 'childCount', search: false, width: 116, align: 'right' },
    {
      title: t('agents.col.locked'),
      dataIndex: 'locked',
      width: 90,
      valueType: 'select',
      valueEnum: { true: { text: t('common.locked') }, false: { text: t('agents.filter.normal') } },
      render: (_, a) =>
        can('edit') && !(agentStaff && a.id === info?.agentId) ? (
          <Switch
            size="small"
            checked={a.locked}
            aria-label={`${t('common.locked')} · ${a.name}`}
            onChange={(v) => void run(() => agentCalls.update({ id: a.id, locked: v }))}
          />
        ) : a.locked ? (
          <Tag color="red">{t('common.locked')}</Tag>
        ) : (
          '-'
        ),
    },
    { title: t('agents.col.createdAt'), dataIndex: 'createdAt', search: false, width: 150, render: (_, a) => time(a.createdAt) },
    {
      title: t('common.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 240,
      render: (_, a) => {
        const own = agentStaff && a.id === info?.agentId;
        return [
          !own && (
            <Access key="edit" action="edit">
              <a onClick={() => setForm({ agent: a })} data-testid={`agent-edit-${a.id}`}>
                {t('common.edit')}
              </a>
            </Access>
          ),
          <Access key="sub" action="add">
            <a onClick={() => setForm({ agent: null, parent: a })} data-testid={`agent-addsub-${a.id}`}>
              {t('agents.action.addSub')}
            </a>
          </Access>,
          !agentStaff && (
            <Access key="adjust" action="edit">
              <a onClick={() => setAdjusting(a)} data-testid={`agent-adjust-${a.id}`}>
                {t('adjust.action')}
              </a>
            </Access>
          ),
          !own && (
            <Access key="delete" action="delete">
              <Popconfirm
                title={t('agents.action.deleteConfirm', { name: a.name })}
                description={t('agents.action.deleteHint')}
                okText={t('common.delete')}
                okButtonProps={{ danger: true }}
                cancelText={t('common.cancel')}
                onConfirm={() => run(() => agentCalls.delAgent(a.id))}
              >
                <a className="danger-link" data-testid={`agent-delete-${a.id}`}>
                  {t('common.delete')}
                </a>
              </Popconfirm>
            </Access>
          ),
        ].filter(Boolean);
      },
    },
  ];

  return (
    <div data-testid="agent-list">
      <ListTable<Row, Params>
        {...tableDefaults()}
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('agents.title')}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        layout={AGENTS_LAYOUT}
        dataSource={attach(roots, children)}
        onDataSourceChange={(d) => setRoots(d as Row[])}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, r) => {
            setExpanded((e) => (open ? [...e, r.id] : e.filter((x) => x !== r.id)));
            if (open && !children[r.id]) void loadChildren(r.id);
          },
        }}
        toolBarRender={() => [
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ agent: null })} data-testid="agent-add">
              {t('agents.action.add')}
            </Button>
          </Access>,
        ]}
        request={async (params: Params) => {
          const filters: Record<string, unknown> = {};
          for (const k of ['name', 'phone', 'inviteCode'] as const) {
            const v = typeof params[k] === 'string' ? (params[k] as string).trim() : '';
            if (v) filters[k] = v;
          }
          if (params.locked === 'true' || params.locked === 'false') filters.locked = params.locked === 'true';
          // No filter: the tree from the top agents; a filter: matching agents at any level.
          const query = { ...pageOf(params), ...filters, ...(Object.keys(filters).length ? {} : { parentId: 0 }) };
          return tableRequest(async () => {
            const d = await agentCalls.list(query);
            return { list: d.list.map(asRow), total: d.total };
          });
        }}
      />
      <AgentFormModal
        open={!!form}
        agent={form?.agent ?? null}
        parent={form?.parent}
        onClose={() => setForm(null)}
        onDone={() => {
          setForm(null);
          reload();
        }}
      />
      <AdjustModal
        open={!!adjusting}
        title={t('agents.adjust.title')}
        testId="agent-adjust"
        subject={adjusting ? t('agents.adjust.subject', { name: adjusting.name }) : null}
        previewRows={(v) => {
          const p = adjusting ? previewAgentAdjust(adjusting.balance, v.amt, v.direction) : null;
          return p
            ? { insufficient: p.insufficient, rows: [{ key: 'balance', label: t('agents.col.balance'), before: p.before, after: p.after }] }
            : null;
        }}
        onSubmit={adjust}
        onClose={() => setAdjusting(null)}
      />
    </div>
  );
}
