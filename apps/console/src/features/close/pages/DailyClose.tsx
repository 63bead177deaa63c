import { useMemo, useRef, useState } from 'react';
import { Card, Popconfirm, Tag, Tooltip } from 'antd';
import { CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CloseListItem } from '@stock-admin/contracts';
import { pageOf, tableDefaults } from '../../../lib/proTable';
import { platformToday } from '../../../lib/timeZone';
import { feedback } from '../../../lib/feedback';
import { Chart, toneBar, type ChartOption } from '../../../shared/components/Chart';
import { Amount, PnlText } from '../../../shared/components/cells';
import { fmtTime } from '../../../shared/format';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { tableRequest } from '../../../shared/tableRequest';
import { closeCalls } from '../api';

const LAYOUT: ListLayout = {
  id: 'close-days',
  // at 1440 px: the day, whether it is closed and balanced, the three figures finance reads, deposits and withdrawals
  must: ['day', 'status', 'usersClosing', 'agentsClosing', 'houseDay', 'deposits', 'withdrawals', 'balanced'],
  card: { head: ['day', 'status'], fields: ['houseDay', 'usersClosing', 'deposits', 'withdrawals', 'balanced'] },
};

/** A day that has ended in the platform's time zone: the ones a close may be run for. */
const finished = (day: string) => day < platformToday().format('YYYY-MM-DD');

/**
 * 日结: every day from the first close, newest first — closed days as stored, today (and a day the job has not closed
 * yet) as of now. A finished open day can be closed here; each day opens its statement. Above the list, the house's
 * result by day over the page shown.
 */
export default function DailyClose() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actionRef = useRef<ActionType>(undefined);
  const [shown, setShown] = useState<CloseListItem[]>([]);
  const open = (day: string) => navigate(`/close/statement?day=${day}`);

  const option = useMemo<ChartOption>(() => {
    const days = [...shown].reverse();
    return {
      grid: { left: 64, right: 16, top: 16, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value' },
      series: [
        {
          type: 'bar',
          name: t('close.col.houseDay'),
          // red for a gain, green for a loss: the market's colours in both languages
          data: days.map((d) => toneBar(d.houseDay)),
        },
      ],
    };
  }, [shown, t]);

  const columns: ProColumns<CloseListItem>[] = [
    {
      title: t('close.col.day'),
      dataIndex: 'day',
      width: 120,
      valueType: 'date',
      hideInSearch: true,
      render: (_, r) => (
        <a onClick={() => open(r.day)} data-testid={`close-day-${r.day}`}>
          {r.day}
        </a>
      ),
    },
    {
      title: t('close.col.status'),
      dataIndex: 'status',
      width: 100,
      hideInSearch: true,
      render: (_, r) => <Tag color={r.status === 'closed' ? 'green' : 'gold'}>{t(`close.status.${r.status}`)}</Tag>,
    },
    {
      title: t('close.col.usersClosing'),
      dataIndex: 'usersClosing',
      width: 150,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => <Amount value={r.usersClosing} />,
    },
    {
      title: t('close.col.agentsClosing'),
      dataIndex: 'agentsClosing',
      width: 140,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => <Amount value={r.agentsClosing} />,
    },
    {
      title: t('close.col.houseDay'),
      dataIndex: 'houseDay',
      width: 130,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => <PnlText value={r.houseDay} />,
    },
    {
      title: t('close.col.deposits'),
      dataIndex: 'deposits',
      width: 130,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => <Amount value={r.deposits} />,
    },
    {
      title: t('close.col.withdrawals'),
      dataIndex: 'withdrawals',
      width: 130,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => <Amount value={r.withdrawals} />,
    },
    {
      title: t('close.col.balanced'),
      dataIndex: 'balanced',
      width: 100,
      hideInSearch: true,
      render: (_, r) =>
        r.balanced ? (
          <span style={{ color: '#237804' }}>
            <CheckCircleFilled /> {t('close.balancedYes')}
          </span>
        ) : (
          <span style={{ color: '#cf1322' }} data-testid={`close-unbalanced-${r.day}`}>
            <WarningFilled /> {t('close.balancedNo')}
          </span>
        ),
    },
    { title: t('close.col.closedAt'), dataIndex: 'closedAt', width: 170, hideInSearch: true, render: (_, r) => fmtTime(r.closedAt) },
    {
      title: t('close.col.closedBy'),
      dataIndex: 'closedBy',
      width: 100,
      hideInSearch: true,
      render: (_, r) => (r.closedAt ? (r.closedBy ?? t('close.job')) : '-'),
    },
    { title: t('close.pick'), dataIndex: 'range', valueType: 'dateRange', hideInTable: true },
    {
      title: t('common.actions'),
      valueType: 'option',
      fixed: 'right',
      width: 150,
      render: (_, r) =>
        [
          <a key="view" onClick={() => open(r.day)}>
            {t('close.view')}
          </a>,
          r.status === 'open' && finished(r.day) && (
            <Popconfirm
              key="run"
              title={t('close.runConfirm', { day: r.day })}
              onConfirm={async () => {
                try {
                  await closeCalls.run(r.day);
                  feedback.message.success(t('close.runDone', { day: r.day }));
                } catch {
                  // the request client showed the refusal; a rethrow would only be an unhandled rejection
                } finally {
                  void actionRef.current?.reload();
                }
              }}
            >
              <Tooltip title={t('close.runConfirm', { day: r.day })}>
                <a data-testid={`close-run-${r.day}`}>{t('close.run')}</a>
              </Tooltip>
            </Popconfirm>
          ),
        ].filter(Boolean),
    },
  ];

  return (
    <div data-testid="page-close">
      <Card size="small" title={t('close.houseChart')} style={{ marginBottom: 16 }}>
        <Chart option={option} height={180} testId="close-house-chart" />
      </Card>
      <ListTable<CloseListItem, { range?: [string, string] }>
        {...tableDefaults()}
        rowKey="day"
        actionRef={actionRef}
        headerTitle={t('close.menu.days')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true, density: false, setting: true }}
        layout={LAYOUT}
        live={['DAY_CLOSED']}
        request={({ range, ...params }) =>
          tableRequest(
            () => closeCalls.list({ ...pageOf(params), ...(range ? { from: range[0], to: range[1] } : {}) }),
            (d) => setShown(d.list),
          )
        }
      />
    </div>
  );
}
