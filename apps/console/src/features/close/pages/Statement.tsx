import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, DatePicker, Descriptions, Grid, Row, Table, Tag, Typography } from 'antd';
import { CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CloseMovement, CloseStatement } from '@stock-admin/contracts';
import { platformToday } from '../../../lib/timeZone';
import { Amount, PnlText } from '../../../shared/components/cells';
import { fmtTime } from '../../../shared/format';
import { fromCents, toCents } from '../../../shared/decimal';
import { formatCount, formatSigned } from '../../../shared/money';
import { closeCalls } from '../api';
import { accountLabel, kindLabel } from '../kinds';
import { statementSheet } from '../statementSheet';
import { MovementsChart } from '../components/MovementsChart';
import { StatementBar, StatementPending } from '../components/StatementBar';
import '../close.css';

/**
 * 日结单: one day's statement — the accounts (opening, movements, closing, and the ledger's figure beside it), every
 * movement by kind and channel, the house's result, the open exposure at the close and the checks. A closed day's is
 * the stored one; an open day's is provisional as of now. Prints on A4; exports as CSV and as an Excel workbook.
 */
export default function Statement() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const yesterday = platformToday().subtract(1, 'day').format('YYYY-MM-DD');
  const day = params.get('day') ?? yesterday;
  const q = useQuery({ queryKey: ['close', 'detail', day], queryFn: () => closeCalls.detail(day) });
  const s = q.data;

  const pickDay = (
    <DatePicker
      allowClear={false}
      value={dayjs(day)}
      disabledDate={(d) => d.isAfter(platformToday(), 'day')}
      onChange={(d) => d && setParams({ day: d.format('YYYY-MM-DD') })}
      data-testid="close-pick-day"
    />
  );
  const header = (
    <StatementBar sheet={s ? () => statementSheet(s, t, i18n.language) : null} testId="close">
      <Link to="/close/index">{t('close.back')}</Link>
      {pickDay}
    </StatementBar>
  );
  if (!s) return <StatementPending bar={header} error={q.isError ? (q.error as Error) : null} />;
  return (
    <div className="close-statement" data-testid="page-close-statement">
      {header}
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('close.title', { day: s.day })} <Tag color={s.status === 'closed' ? 'green' : 'gold'}>{t(`close.status.${s.status}`)}</Tag>
      </Typography.Title>
      {s.status === 'open' ? (
        <Alert type="warning" showIcon message={t('close.provisional', { time: fmtTime(s.asOf) })} style={{ marginBottom: 12 }} />
      ) : (
        <Typography.Paragraph type="secondary">
          {t('close.asOf', { time: fmtTime(s.asOf) })} · {t('close.col.closedAt')} {fmtTime(s.closedAt)} · {t('close.col.closedBy')}{' '}
          {s.closedBy ?? t('close.job')}
        </Typography.Paragraph>
      )}
      <Accounts s={s} />
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <House s={s} />
          <Checks s={s} />
        </Col>
        <Col xs={24} lg={14}>
          <MovementsChart list={s.movements} />
          <Movements list={s.movements} />
        </Col>
      </Row>
      <Exposure s={s} />
    </div>
  );
}

function Accounts({ s }: { s: CloseStatement }) {
  const { t } = useTranslation();
  const phone = !Grid.useBreakpoint().md;
  // exact: integer cents (BigInt), never a float
  const moved = (a: string) => fromCents(s.movements.filter((m) => m.account === a).reduce((x, m) => x + (toCents(m.amount) ?? 0n), 0n));
  const ledgerMark = (v: string, closing: string) =>
    v === closing ? (
      <CheckCircleFilled style={{ color: '#237804' }} aria-label={t('close.checkPassed')} />
    ) : (
      <WarningFilled style={{ color: '#cf1322' }} aria-label={t('close.checkFailed')} />
    );
  if (phone)
    // on a phone each account is a card with its four figures in view (a wide table would hide the closing)
    return (
      <Card size="small" title={t('close.accounts')} style={{ marginBottom: 16 }}>
        {s.accounts.map((a) => (
          <Descriptions
            key={a.account}
            size="small"
            column={2}
            title={accountLabel(a.account, t)}
            style={{ marginBottom: 8 }}
            items={[
              { key: 'o', label: t('close.col.opening'), children: <Amount value={a.opening} /> },
              { key: 'm', label: t('close.col.movements'), children: <PnlText value={moved(a.account)} /> },
              { key: 'c', label: t('close.col.closing'), children: <Amount value={a.closing} /> },
              {
                key: 'l',
                label: t('close.col.ledger'),
                children: (
                  <span data-testid={`close-ledger-${a.account}`}>
                    <Amount value={a.ledger} /> {ledgerMark(a.ledger, a.closing)}
                  </span>
                ),
              },
            ]}
          />
        ))}
      </Card>
    );
  return (
    <Card size="small" title={t('close.accounts')} style={{ marginBottom: 16 }}>
      <Table
        size="small"
        pagination={false}
        rowKey="account"
        dataSource={s.accounts}
        scroll={{ x: 640 }}
        columns={[
          { title: t('close.col.account'), dataIndex: 'account', render: (a) => accountLabel(a, t) },
          { title: t('close.col.opening'), dataIndex: 'opening', align: 'right', render: (v) => <Amount value={v} /> },
          {
            title: t('close.col.movements'),
            key: 'moved',
            align: 'right',
            render: (_, r) => <PnlText value={moved(r.account)} />,
          },
          { title: t('close.col.closing'), dataIndex: 'closing', align: 'right', render: (v) => <Amount value={v} /> },
          {
            title: t('close.col.ledger'),
            dataIndex: 'ledger',
            align: 'right',
            render: (v, r) => (
              <span data-testid={`close-ledger-${r.account}`}>
                <Amount value={v} /> {ledgerMark(v, r.closing)}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}

function Movements({ list }: { list: CloseMovement[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card size="small" title={t('close.movements')} style={{ marginBottom: 16 }}>
      <Table
        size="small"
        pagination={false}
        rowKey={(m) => `${m.account}:${m.kind}:${m.channelId ?? ''}`}
        dataSource={list}
        scroll={{ x: 520 }}
        data-testid="close-movements"
        columns={[
          { title: t('close.col.account'), dataIndex: 'account', width: 150, render: (a) => accountLabel(a, t) },
          {
            title: t('close.col.kind'),
            dataIndex: 'kind',
            render: (k, m) => (
              <span>
                {kindLabel(k, i18n.language, t)}
                {m.channelId !== undefined && (
                  <Typography.Text type="secondary"> · {m.channelName ?? t('close.noChannel')}</Typography.Text>
                )}
              </span>
            ),
          },
          { title: t('close.col.count'), dataIndex: 'count', align: 'right', width: 70, render: (n) => formatCount(n) },
          {
            title: t('close.col.amount'),
            dataIndex: 'amount',
            align: 'right',
            width: 140,
            // a dividend moves free cash against margin (equity 0.00): the cash it moved is said beside it
            render: (v, m) => (
              <span>
                <PnlText value={v} />
                {m.cash !== undefined && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t('close.cashMoved', { amount: formatSigned(m.cash) })}
                  </Typography.Text>
                )}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}

function House({ s }: { s: CloseStatement }) {
  const { t } = useTranslation();
  const h = s.house;
  const item = (key: string, v: string, pnl = true) => ({
    key,
    label: t(`close.${key}`),
    children: pnl ? <PnlText value={v} strong={key === 'houseDay'} /> : <Amount value={v} />,
  });
  return (
    <Card size="small" title={t('close.house')} style={{ marginBottom: 16 }}>
      <Descriptions
        size="small"
        column={1}
        items={[
          item('houseDay', h.day),
          item('monthToDate', h.monthToDate),
          item('fees', h.fees),
          item('spreads', h.spreads),
          item('deferralFees', h.deferralFees),
          item('withdrawalFees', h.withdrawalFees),
          item('tradingResult', h.tradingResult),
          item('sellFees', h.sellFees, false),
          item('stampDuty', h.stampDuty, false),
          item('commissions', h.commissions, false),
        ]}
      />
    </Card>
  );
}

function Checks({ s }: { s: CloseStatement }) {
  const { t } = useTranslation();
  const line = (ok: boolean, label: string, testId: string) => (
    <div data-testid={testId}>
      {/* the icon's shape and its name say it, not its colour alone (issue 65) */}
      {ok ? (
        <CheckCircleFilled style={{ color: '#237804' }} aria-label={t('close.checkPassed')} />
      ) : (
        <WarningFilled style={{ color: '#cf1322' }} aria-label={t('close.checkFailed')} />
      )}{' '}
      {label}
    </div>
  );
  return (
    <Card size="small" title={t('close.checks')} style={{ marginBottom: 16 }}>
      {line(s.checks.balanced, t('close.checkBalanced'), 'close-check-balanced')}
      {line(s.checks.chained, t('close.checkChained'), 'close-check-chained')}
      {line(s.checks.positionsAgree, t('close.checkPositions'), 'close-check-positions')}
      <Typography.Text type="secondary">{t('close.records', { count: s.checks.records })}</Typography.Text>
    </Card>
  );
}

function Exposure({ s }: { s: CloseStatement }) {
  const { t } = useTranslation();
  const e = s.exposure;
  const side = (label: string, v: { count: number; margin: string; marketValue?: string; cost: string }) => ({
    key: label,
    label,
    children: (
      <span>
        {formatCount(v.count)} · {t('close.col.margin')} <Amount value={v.margin} /> · {t('close.col.marketValue')}{' '}
        <Amount value={v.marketValue} /> · {t('close.col.cost')} <Amount value={v.cost} />
      </span>
    ),
  });
  const money = (key: 'margin' | 'marketValue' | 'cost') => ({
    title: t(`close.col.${key}`),
    dataIndex: key,
    align: 'right' as const,
    render: (v: string | undefined) => <Amount value={v} />,
  });
  return (
    <Card size="small" title={t('close.exposure')} style={{ marginBottom: 16 }}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} items={[side(t('close.long'), e.long), side(t('close.short'), e.short)]} />
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Typography.Text strong>{t('close.topStocks')}</Typography.Text>
          <Table
            size="small"
            pagination={false}
            rowKey="code"
            dataSource={e.topStocks}
            scroll={{ x: 520 }}
            columns={[
              { title: t('close.col.code'), dataIndex: 'code', width: 90 },
              { title: t('close.col.name'), dataIndex: 'name' },
              { title: t('close.col.positions'), dataIndex: 'count', align: 'right', width: 70 },
              money('margin'),
              money('marketValue'),
              money('cost'),
            ]}
          />
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Text strong>{t('close.topUsers')}</Typography.Text>
          <Table
            size="small"
            pagination={false}
            rowKey="userId"
            dataSource={e.topUsers}
            scroll={{ x: 520 }}
            columns={[
              { title: t('close.col.user'), dataIndex: 'name', render: (n, r) => `${n} #${r.userId}` },
              { title: t('close.col.positions'), dataIndex: 'count', align: 'right', width: 70 },
              money('margin'),
              money('marketValue'),
              money('cost'),
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
