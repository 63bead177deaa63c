import { Alert, Button, Grid, Progress, Table, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RiskWarning } from '@stock-admin/contracts';
import { formatMoney } from '../../../shared/money';
import { tradingCalls } from '../api';
import { PnlText } from '../../../shared/components/cells';

/** The warning list is asked again this often while the page is on screen (the force-close job runs on its own). */
export const WARNINGS_REFRESH_MS = 30_000;

/** 100 % means the force-close line is reached. */
const ratioColor = (pct: number) => (pct >= 100 ? '#cf1322' : pct >= 85 ? '#fa541c' : '#faad14');

/** How far along the line a user is: the bar, its figure written beside it (not the colour alone). */
function RatioBar({ value, label }: { value: string; label: string }) {
  const pct = Number(value); // display only: the bar's length
  return (
    <Progress
      percent={Math.min(100, pct)}
      size="small"
      strokeColor={ratioColor(pct)}
      format={() => `${value}%`}
      aria-label={label}
      status={pct >= 100 ? 'exception' : 'normal'}
    />
  );
}

/** The user's name and number, which filters the positions to them. */
function UserLink({ w, onPick }: { w: RiskWarning; onPick: (userId: number) => void }) {
  return (
    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onPick(w.userId)} data-testid={`warning-user-${w.userId}`}>
      {w.userName || w.phone} #{w.userId}
    </Button>
  );
}

/** Users shown on a phone before the rest are asked for (the desk's table pages by the same count). */
export const WARNING_CARDS_SHOWN = 5;

/**
 * On a phone, one short block per user instead of the seven columns (which ran off the alert's edge at 390 px): who and
 * how far along the line on the first lines, then the figures as label and value, wrapping as the width allows; the
 * worst five first, the others behind one button.
 */
export function WarningCards({ list, onPick }: { list: readonly RiskWarning[]; onPick: (userId: number) => void }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? list : list.slice(0, WARNING_CARDS_SHOWN);
  const figures = (w: RiskWarning): [string, React.ReactNode][] => [
    [t('trading.warnings.pnl'), <PnlText key="pnl" value={w.pnl} />],
    [
      t('trading.warnings.line'),
      <Typography.Text key="line" type="danger">
        -{formatMoney(w.line)}
      </Typography.Text>,
    ],
    [t('trading.warnings.freeCash'), formatMoney(w.freeCash)],
    [t('trading.warnings.margins'), formatMoney(w.margins)],
    [t('trading.warnings.phone'), w.phone],
  ];
  return (
    <>
      <ul className="trading-warning-cards">
        {shown.map((w) => (
          <li key={w.userId} data-testid={`warning-card-${w.userId}`}>
            <UserLink w={w} onPick={onPick} />
            <RatioBar value={w.ratioPct} label={t('trading.warnings.ratio')} />
            <dl>
              {figures(w).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      {list.length > WARNING_CARDS_SHOWN && (
        <Button type="link" size="small" style={{ padding: 0 }} aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t('trading.warnings.fewer') : t('trading.warnings.all', { count: list.length })}
        </Button>
      )}
    </>
  );
}

/**
 * Users whose unrealised loss passed the warning share of their force-close line: free cash, margins,
 * P/L, the line and how far along it they are, worst first. Picking a user filters the positions to them.
 */
export function WarningsPanel({ onPick }: { onPick: (userId: number) => void }) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().md === false;
  const q = useQuery({ queryKey: ['trading', 'warnings'], queryFn: tradingCalls.warnings, refetchInterval: WARNINGS_REFRESH_MS });
  const list = q.data ?? [];
  if (!list.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<WarningOutlined />}
      className="trading-warnings"
      data-testid="risk-warnings"
      message={t('trading.warnings.title', { count: list.length })}
      description={
        phone ? (
          <WarningCards list={list} onPick={onPick} />
        ) : (
          <Table<RiskWarning>
            size="small"
            rowKey="userId"
            pagination={list.length > 5 ? { pageSize: 5, size: 'small' } : false}
            dataSource={list}
            columns={[
              { title: t('trading.col.user'), key: 'user', render: (_, w) => <UserLink w={w} onPick={onPick} /> },
              { title: t('trading.warnings.phone'), dataIndex: 'phone' },
              { title: t('trading.warnings.freeCash'), dataIndex: 'freeCash', align: 'right', render: (v: string) => formatMoney(v) },
              { title: t('trading.warnings.margins'), dataIndex: 'margins', align: 'right', render: (v: string) => formatMoney(v) },
              { title: t('trading.warnings.pnl'), dataIndex: 'pnl', align: 'right', render: (v: string) => <PnlText value={v} /> },
              {
                title: t('trading.warnings.line'),
                dataIndex: 'line',
                align: 'right',
                render: (v: string) => <Typography.Text type="danger">-{formatMoney(v)}</Typography.Text>,
              },
              {
                title: t('trading.warnings.ratio'),
                dataIndex: 'ratioPct',
                width: 200,
                render: (v: string) => <RatioBar value={v} label={t('trading.warnings.ratio')} />,
              },
            ]}
          />
        )
      }
    />
  );
}
