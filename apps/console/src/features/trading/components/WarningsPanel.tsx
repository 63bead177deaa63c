import { Alert, Button, Progress, Table, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
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

/**
 * Users whose unrealised loss passed the warning share of their force-close line: free cash, margins,
 * P/L, the line and how far along it they are, worst first. Picking a user filters the positions to them.
 */
export function WarningsPanel({ onPick }: { onPick: (userId: number) => void }) {
  const { t } = useTranslation();
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
        <Table<RiskWarning>
          size="small"
          rowKey="userId"
          pagination={list.length > 5 ? { pageSize: 5, size: 'small' } : false}
          dataSource={list}
          columns={[
            {
              title: t('trading.col.user'),
              key: 'user',
              render: (_, w) => (
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() => onPick(w.userId)}
                  data-testid={`warning-user-${w.userId}`}
                >
                  {w.userName || w.phone} #{w.userId}
                </Button>
              ),
            },
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
              render: (v: string) => {
                const pct = Number(v); // display only: the bar's length
                return (
                  <Progress
                    percent={Math.min(100, pct)}
                    size="small"
                    strokeColor={ratioColor(pct)}
                    format={() => `${v}%`}
                    aria-label={t('trading.warnings.ratio')}
                    status={pct >= 100 ? 'exception' : 'normal'}
                  />
                );
              },
            },
          ]}
        />
      }
    />
  );
}
