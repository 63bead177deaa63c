import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, DatePicker, Descriptions, Row, Table, Tag, Typography } from 'antd';
import { CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AgentStatement as Statement } from '@stock-admin/contracts';
import { platformToday } from '../../../lib/timeZone';
import { Chart, toneBar, type ChartOption } from '../../../shared/components/Chart';
import { Amount, PnlText } from '../../../shared/components/cells';
import { fromCents, toCents } from '../../../shared/decimal';
import { fmtTime } from '../../../shared/format';
import { formatCount } from '../../../shared/money';
import { agentStatementCalls } from '../api';
import { agentStatementSheet } from '../agentStatementSheet';
import { kindLabel } from '../kinds';
import { defaultPeriod } from '../period';
import { StatementBar, StatementPending } from '../components/StatementBar';
import '../close.css';

const DAY = 'YYYY-MM-DD';

/**
 * 代理对账单 of one agent over a period: the balance at its start and end and every movement between, the commissions
 * by the fee they were paid on, by day (chart) and by user. Prints on A4; exports as CSV and as an Excel workbook.
 */
export default function AgentStatement() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [d0, d1] = defaultPeriod();
  const agentId = Number(params.get('agentId'));
  const from = params.get('from') ?? d0.format(DAY);
  const to = params.get('to') ?? d1.format(DAY);
  const q = useQuery({
    queryKey: ['close', 'agent', agentId, from, to],
    queryFn: () => agentStatementCalls.detail(agentId, from, to),
    enabled: agentId > 0,
  });
  const s = q.data;
  const header = (
    <StatementBar sheet={s ? () => agentStatementSheet(s, t, i18n.language) : null} testId="agent-statement">
      <Link to="/close/agents">{t('close.agents.back')}</Link>
      <DatePicker.RangePicker
        allowClear={false}
        value={[dayjs(from), dayjs(to)]}
        disabledDate={(d) => d.isAfter(platformToday(), 'day')}
        onChange={(v) => v?.[0] && v[1] && setParams({ agentId: String(agentId), from: v[0].format(DAY), to: v[1].format(DAY) })}
        data-testid="agent-statement-period"
      />
    </StatementBar>
  );
  if (!s) return <StatementPending bar={header} error={q.isError ? (q.error as Error) : null} />;
  const c = s.commissions;
  const other = fromCents((toCents(s.closing) ?? 0n) - (toCents(s.opening) ?? 0n) - (toCents(c.total) ?? 0n));
  return (
    <div className="close-statement" data-testid="page-agent-statement">
      {header}
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('close.agents.title', { name: s.name, from: s.from, to: s.to })} <Tag>{t('close.agents.level', { level: s.level })}</Tag>
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {s.parentName && `${t('close.agents.col.parentName')} ${s.parentName} · `}
        {t('close.asOf', { time: fmtTime(s.asOf) })}
      </Typography.Paragraph>
      {!s.balanced && (
        <Alert
          type="error"
          showIcon
          message={t('close.agents.unbalanced')}
          style={{ marginBottom: 12 }}
          data-testid="agent-statement-unbalanced"
        />
      )}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 2, md: 5 }}
          items={[
            { key: 'o', label: t('close.agents.col.opening'), children: <Amount value={s.opening} /> },
            {
              key: 'c',
              label: t('close.agents.col.commissions'),
              children: <PnlText value={c.total} strong />,
            },
            { key: 'x', label: t('close.agents.col.other'), children: <PnlText value={other} /> },
            { key: 'l', label: t('close.agents.col.closing'), children: <Amount value={s.closing} /> },
            {
              key: 'b',
              label: t('close.col.balanced'),
              children: s.balanced ? (
                <span data-testid="agent-statement-balanced">
                  <CheckCircleFilled style={{ color: '#237804' }} /> {t('close.balancedYes')}
                </span>
              ) : (
                <span>
                  <WarningFilled style={{ color: '#cf1322' }} /> {t('close.balancedNo')}
                </span>
              ),
            },
          ]}
        />
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <ByKind s={s} />
          <Movements s={s} />
        </Col>
        <Col xs={24} lg={14}>
          <ByDay s={s} />
        </Col>
      </Row>
      <ByUser s={s} />
    </div>
  );
}

const small = { size: 'small' as const, pagination: false as const };

function ByKind({ s }: { s: Statement }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('close.agents.byKind')} style={{ marginBottom: 16 }}>
      <Table
        {...small}
        rowKey="kind"
        dataSource={s.commissions.byKind}
        data-testid="agent-statement-kinds"
        columns={[
          { title: t('close.col.kind'), dataIndex: 'kind', render: (k) => t(`close.agents.kind.${k}`) },
          { title: t('close.col.count'), dataIndex: 'count', align: 'right', width: 80, render: (n) => formatCount(n) },
          { title: t('close.col.amount'), dataIndex: 'amount', align: 'right', width: 140, render: (v) => <PnlText value={v} /> },
        ]}
      />
    </Card>
  );
}

function Movements({ s }: { s: Statement }) {
  const { t, i18n } = useTranslation();
  return (
    <Card size="small" title={t('close.movements')} style={{ marginBottom: 16 }}>
      <Table
        {...small}
        rowKey="kind"
        dataSource={s.movements}
        columns={[
          { title: t('close.col.kind'), dataIndex: 'kind', render: (k) => kindLabel(k, i18n.language, t) },
          { title: t('close.col.count'), dataIndex: 'count', align: 'right', width: 80, render: (n) => formatCount(n) },
          { title: t('close.col.amount'), dataIndex: 'amount', align: 'right', width: 140, render: (v) => <PnlText value={v} /> },
        ]}
      />
    </Card>
  );
}

function ByDay({ s }: { s: Statement }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 56, right: 16, top: 16, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: s.commissions.byDay.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value' },
      series: [
        {
          type: 'bar',
          name: t('close.agents.col.commissions'),
          data: s.commissions.byDay.map((d) => toneBar(d.amount)),
        },
      ],
    }),
    [s, t],
  );
  return (
    <Card size="small" title={t('close.agents.byDay')} style={{ marginBottom: 16 }}>
      <Chart option={option} height={260} testId="agent-statement-chart" />
    </Card>
  );
}

function ByUser({ s }: { s: Statement }) {
  const { t } = useTranslation();
  const u = s.commissions.unattributed;
  return (
    <Card size="small" title={t('close.agents.byUser')} style={{ marginBottom: 16 }}>
      <Table
        size="small"
        rowKey="userId"
        dataSource={s.commissions.byUser}
        pagination={{ pageSize: 10, hideOnSinglePage: true, size: 'small' }}
        scroll={{ x: 480 }}
        data-testid="agent-statement-users"
        columns={[
          { title: t('close.col.user'), dataIndex: 'name', render: (n, r) => `${n || '-'} #${r.userId}` },
          { title: t('close.agents.phone'), dataIndex: 'phone', width: 130 },
          { title: t('close.col.count'), dataIndex: 'count', align: 'right', width: 70, render: (n) => formatCount(n) },
          { title: t('close.col.amount'), dataIndex: 'amount', align: 'right', width: 130, render: (v) => <PnlText value={v} /> },
        ]}
      />
      {u.count > 0 && (
        <Typography.Text type="secondary" data-testid="agent-statement-unattributed">
          {t('close.agents.unattributedLine', { count: u.count })} <Amount value={u.amount} />
        </Typography.Text>
      )}
    </Card>
  );
}
