import { useCallback } from 'react';
import { Switch, Tag, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { CrudList, type EditorProps } from '../../../shared/list/CrudList';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ISSUE_PHASES, SUBSCRIBE_TYPES, type IssueItem, type IssueKind } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { newsharesCalls } from '../api';
import { IssueDrawer } from '../components/IssueDrawer';
import { issuePrice, recordsPath } from '../lib/format';
import { formatCode, formatCount } from '../../../shared/money';

/** 新股 / 新债列表: the issue, its phase, price, size and dates, and its subscriptions (issue 39). */
const ISSUES_LAYOUT: ListLayout = {
  id: 'issues',
  must: ['name', 'phase', 'subscribeType', 'issuePrice', 'size', 'dates', 'subscriptions', 'shown', 'locked'],
  card: { head: ['name', 'phase'], fields: ['issuePrice', 'size', 'dates', 'subscriptions'] },
};

const PHASE_COLOR = { upcoming: 'blue', subscribing: 'green', allotment: 'orange', listed: 'default' } as const;

/**
 * 新股列表 / 新债列表 (/newshares/newshareslist, /newshares/newzhailist): the issues with their phase (from the
 * dates, on the Shanghai calendar), price, size and cap, the four dates and the subscriptions made; add, edit,
 * show / hide, lock, delete (only without subscriptions), and a link to the issue's subscription records.
 */
export function IssueList({ kind }: { kind: IssueKind }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  // one component per kind: the list keeps its editor mounted across renders
  const Editor = useCallback((p: EditorProps<IssueItem>) => <IssueDrawer kind={kind} {...p} />, [kind]);
  const unit = t(`newshares.unit.${kind}`);

  const columns = ({ reload }: { reload(): void }): ProColumns<IssueItem>[] => [
    { title: t('newshares.issue.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('newshares.issue.name'),
      dataIndex: 'name',
      search: false,
      width: 170,
      fixed: 'left',
      render: (_, r) => (
        <div>
          <div>{r.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>
            {r.market}
            {formatCode(r)}
            {r.underlyingCode ? ` · ${t('newshares.issue.underlying')} ${r.underlyingCode}` : ''}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('newshares.issue.phase'),
      dataIndex: 'phase',
      width: 150,
      valueType: 'select',
      valueEnum: Object.fromEntries(ISSUE_PHASES.map((p) => [p, { text: t(`newshares.phase.${p}`) }])),
      render: (_, r) => (
        <Tag color={PHASE_COLOR[r.phase]} data-testid={`issue-phase-${r.id}`}>
          {t(`newshares.phase.${r.phase}`)}
        </Tag>
      ),
    },
    {
      title: t('newshares.issue.subscribeType'),
      dataIndex: 'subscribeType',
      width: 130,
      valueType: 'select',
      valueEnum: Object.fromEntries(SUBSCRIBE_TYPES.map((s) => [s, { text: t(`newshares.typeShort.${s}`) }])),
      render: (_, r) => t(`newshares.typeShort.${r.subscribeType}`),
    },
    {
      title: t('newshares.issue.price'),
      dataIndex: 'issuePrice',
      search: false,
      width: 110,
      align: 'right',
      render: (_, r) => (
        <div style={{ fontVariantNumeric: 'tabular-nums' }}>
          <div>{issuePrice(r.issuePrice)}</div>
          {r.peRatio && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              P/E {r.peRatio}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: `${t('newshares.issue.size')} / ${t('newshares.issue.cap')}`,
      key: 'size',
      search: false,
      width: 170,
      align: 'right',
      render: (_, r) => (
        <div style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          <div>
            {formatCount(r.issueSize)} {unit}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ≤ {formatCount(r.maxPerUser)} · {t('newshares.issue.lot')} {r.lotSize}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('newshares.issue.dates'),
      key: 'dates',
      search: false,
      width: 224,
      render: (_, r) => (
        <div style={{ fontSize: 12, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {(['subscribeDate', 'allotDate', 'payDeadline', 'listingDate'] as const).map((d) => (
            <div key={d}>
              <Typography.Text type="secondary">{t(`newshares.issue.${d}`)}</Typography.Text> {r[d]}
            </div>
          ))}
        </div>
      ),
    },
    {
      title: t('newshares.issue.subscriptions'),
      dataIndex: 'subscriptions',
      search: false,
      width: 130,
      align: 'right',
      render: (_, r) => (
        <Link to={recordsPath(kind, r.id)} className="count-link">
          {formatCount(r.subscriptions)}
        </Link>
      ),
    },
    {
      title: t('newshares.issue.shown'),
      dataIndex: 'shown',
      search: false,
      width: 80,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.shown}
          disabled={!can('edit')}
          onChange={(v) => void newsharesCalls.show(kind, r.id, v).then(reload)}
          aria-label={`${t('newshares.issue.shown')} · ${r.name}`}
        />
      ),
    },
    {
      title: t('newshares.issue.locked'),
      dataIndex: 'locked',
      search: false,
      width: 80,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.locked}
          disabled={!can('edit')}
          onChange={(v) => void newsharesCalls.lock(kind, r.id, v).then(reload)}
          aria-label={`${t('newshares.issue.locked')} · ${r.name}`}
        />
      ),
    },
    {
      title: t('newshares.issue.autoConvert'),
      dataIndex: 'autoConvert',
      search: false,
      width: 160,
      render: (_, r) => (r.autoConvert ? <Tag color="green">✓</Tag> : <Tag>-</Tag>),
    },
  ];

  return (
    <CrudList<IssueItem, { list: IssueItem[]; total: number }>
      testId={`issues-${kind}`}
      title={t(`newshares.issue.title.${kind}`)}
      layout={ISSUES_LAYOUT}
      table={{ options: { reload: true, density: false, setting: true } }}
      load={(page, params) =>
        newsharesCalls.issues(kind, {
          ...page,
          keyword: (params.keyword as string | undefined)?.trim() || undefined,
          phase: (params.phase as IssueItem['phase'] | undefined) || undefined,
          subscribeType: (params.subscribeType as IssueItem['subscribeType'] | undefined) || undefined,
        })
      }
      add={{ label: t(`newshares.issue.add.${kind}`), testId: 'issue-add' }}
      actionsWidth={220}
      editTestId={(r) => `issue-edit-${r.id}`}
      rowActions={(r) => [
        <Link key="records" to={recordsPath(kind, r.id)}>
          {t('newshares.issue.records')}
        </Link>,
      ]}
      remove={{
        // an issue with subscriptions keeps its history: only an unused one goes
        when: (r) => r.subscriptions === 0,
        confirm: (r) => t('newshares.issue.deleteTitle', { name: r.name }),
        description: () => t('newshares.issue.deleteContent'),
        run: (r) => newsharesCalls.remove(kind, r.id),
      }}
      Editor={Editor}
      columns={columns}
    />
  );
}
