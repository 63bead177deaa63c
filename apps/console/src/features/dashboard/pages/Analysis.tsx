import { useMemo, useState } from 'react';
import { Button, Card, Col, DatePicker, Radio, Row, Segmented, Space, Statistic, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { ANALYSIS_RANGES, type AnalysisData, type AnalysisFigures, type AnalysisRange } from '@stock-admin/contracts';
import { dashboardCalls } from '../api';
import { Chart, type ChartOption } from '../../../shared/components/Chart';
import { saveCsvText } from '../../../lib/download';
import { toCsv } from '../../../shared/csv';
import { formatCount, formatMoney, formatYuan } from '../../../shared/money';

type Figure = keyof AnalysisFigures;
const MONEY: Figure[] = ['deposits', 'withdrawals', 'netInflow', 'tradeVolume', 'fees'];
const TABLE_FIGURES: Figure[] = [
  'deposits',
  'depositCount',
  'withdrawals',
  'withdrawalCount',
  'netInflow',
  'newUsers',
  'realNameApprovals',
  'tradeVolume',
  'fees',
];
// a table's money without the sign (its header says it), a total with it
const fmt = (f: Figure, v: string | number, total = false) =>
  MONEY.includes(f) ? (total ? formatYuan(v) : formatMoney(v)) : formatCount(v);

/**
 * 分析页 (/dashboard/analysis, permission `analysis`): the caller's scope over a chosen range — money in and out,
 * users, trading — by day or Shanghai hour, then by agent and by tier. Each chart has its table under it, and
 * each table exports as CSV in the reader's language.
 */
export default function Analysis() {
  const { t } = useTranslation();
  const [range, setRange] = useState<AnalysisRange>('7d');
  const [custom, setCustom] = useState<[Dayjs, Dayjs]>([dayjs().subtract(13, 'day'), dayjs()]);
  const [bucket, setBucket] = useState<'day' | 'hour'>('day');
  const query = {
    range,
    bucket,
    ...(range === 'custom' ? { startDay: custom[0].format('YYYY-MM-DD'), endDay: custom[1].format('YYYY-MM-DD') } : {}),
  };
  const q = useQuery({ queryKey: ['analysis', query], queryFn: () => dashboardCalls.analysis(query), placeholderData: (p) => p });
  // the tier breakdown reads the fund records themselves: asked for once the rest is on screen
  const tq = useQuery({
    queryKey: ['analysis', 'tiers', query],
    queryFn: () => dashboardCalls.analysis({ ...query, tiers: true }),
    enabled: !!q.data,
    placeholderData: (p) => p,
  });
  const d: AnalysisData | undefined = useMemo(() => q.data && { ...q.data, byTier: tq.data?.byTier ?? [] }, [q.data, tq.data]);
  const name = (f: Figure) => t(`analysis.figure.${f}`);

  const charts = useMemo(() => {
    if (!d) return null;
    const x = d.series.map((s) => s.bucket);
    const line = (fs: Figure[], type: 'line' | 'bar'): ChartOption => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 64, right: 24, top: 36, bottom: 32 },
      xAxis: { type: 'category', data: x },
      yAxis: { type: 'value' },
      series: fs.map((f) => ({ name: name(f), type, data: d.series.map((s) => Number(s[f])), smooth: type === 'line', showSymbol: false })),
    });
    const pie = (items: { label: string; value: number }[]): ChartOption => ({
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          top: -24,
          data: items.filter((i) => i.value > 0).map((i) => ({ name: i.label, value: i.value })),
        },
      ],
    });
    const agentLabel = (a: AnalysisData['byAgent'][number]) => (a.agentId ? a.agentName || `#${a.agentId}` : t('analysis.noAgent'));
    const tierLabel = (a: AnalysisData['byTier'][number]) => (a.tierId ? a.tierName || `#${a.tierId}` : t('analysis.noTier'));
    return {
      money: line(['deposits', 'withdrawals', 'netInflow'], 'line'),
      users: line(['newUsers', 'realNameApprovals'], 'bar'),
      trading: line(['tradeVolume', 'fees'], 'bar'),
      agents: pie(d.byAgent.map((a) => ({ label: agentLabel(a), value: Number(a.deposits) }))),
      tiers: pie(d.byTier.map((a) => ({ label: tierLabel(a), value: Number(a.deposits) }))),
      agentLabel,
      tierLabel,
    };
  }, [d, t]);

  const table = <R extends AnalysisFigures>(rows: R[], first: { title: string; value: (r: R) => string }, file: string, testId: string) => (
    <>
      <Space style={{ margin: '12px 0 8px', width: '100%', justifyContent: 'flex-end' }}>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          onClick={() =>
            saveCsvText(
              `${file}-${d!.startDay}-${d!.endDay}.csv`,
              toCsv(
                [first.title, ...TABLE_FIGURES.map(name)],
                rows.map((r) => [first.value(r), ...TABLE_FIGURES.map((f) => r[f])]),
              ),
            )
          }
          data-testid={`${testId}-csv`}
        >
          {t('analysis.exportCsv')}
        </Button>
      </Space>
      <Table<R>
        size="small"
        rowKey={first.value}
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 1100 }}
        data-testid={testId}
        columns={[
          { title: first.title, key: 'first', fixed: 'left', width: 160, render: (_, r) => first.value(r) },
          ...TABLE_FIGURES.map((f) => ({
            title: name(f),
            key: f,
            align: 'right' as const,
            render: (_: unknown, r: R) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{fmt(f, r[f])}</span>,
          })),
        ]}
      />
    </>
  );

  return (
    <div className="workplace" data-testid="analysis">
      <Card className="workplace-card">
        <Space wrap size={16}>
          <Segmented<AnalysisRange>
            value={range}
            onChange={setRange}
            options={ANALYSIS_RANGES.map((r) => ({ value: r, label: t(`analysis.range.${r}`) }))}
            data-testid="analysis-range"
          />
          {range === 'custom' && (
            <DatePicker.RangePicker
              value={custom}
              allowClear={false}
              disabledDate={(day) => day.isAfter(dayjs(), 'day')}
              onChange={(v) => v && v[0] && v[1] && setCustom([v[0], v[1]])}
            />
          )}
          <Radio.Group value={bucket} onChange={(e) => setBucket(e.target.value)} optionType="button" buttonStyle="solid">
            <Radio.Button value="day">{t('analysis.bucket.day')}</Radio.Button>
            <Radio.Button value="hour">{t('analysis.bucket.hour')}</Radio.Button>
          </Radio.Group>
          {d && (
            <Typography.Text type="secondary">
              {d.startDay} ~ {d.endDay}
            </Typography.Text>
          )}
        </Space>
      </Card>
      {d && charts && (
        <>
          <Card className="workplace-card" loading={q.isLoading}>
            <Row gutter={[16, 16]}>
              {(['deposits', 'withdrawals', 'netInflow', 'newUsers', 'realNameApprovals', 'tradeVolume', 'fees'] as Figure[]).map((f) => (
                <Col key={f} xs={12} md={8} xl={6}>
                  <Statistic title={name(f)} value={fmt(f, d.totals[f], true)} />
                </Col>
              ))}
            </Row>
          </Card>
          <Card className="workplace-card" title={t('analysis.chart.money')}>
            <Chart option={charts.money} testId="chart-money" />
            {table(d.series, { title: t(`analysis.bucket.${d.bucket}`), value: (r) => r.bucket }, 'analysis-series', 'table-series')}
          </Card>
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <Card className="workplace-card" title={t('analysis.chart.users')}>
                <Chart option={charts.users} height={260} testId="chart-users" />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card className="workplace-card" title={t('analysis.chart.trading')}>
                <Chart option={charts.trading} height={260} testId="chart-trading" />
              </Card>
            </Col>
          </Row>
          <Card className="workplace-card" title={t('analysis.chart.agents')}>
            <Chart option={charts.agents} height={280} testId="chart-agents" />
            {table(d.byAgent, { title: t('analysis.agent'), value: charts.agentLabel }, 'analysis-agents', 'table-agents')}
          </Card>
          <Card className="workplace-card" title={t('analysis.chart.tiers')} loading={!tq.data}>
            <Chart option={charts.tiers} height={280} testId="chart-tiers" />
            {table(d.byTier, { title: t('analysis.tier'), value: charts.tierLabel }, 'analysis-tiers', 'table-tiers')}
          </Card>
        </>
      )}
    </div>
  );
}
