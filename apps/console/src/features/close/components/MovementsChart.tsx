import { useMemo } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CloseMovement } from '@stock-admin/contracts';
import { Chart, toneBar, type ChartOption } from '../../../shared/components/Chart';
import { fromCents, toCents } from '../../../shared/decimal';
import { kindLabel } from '../kinds';

/**
 * The real users' movements of the day by kind (channels added together), largest first: what moved their money. Red
 * for money in, green for money out, in both languages. Amounts are summed in cents; the bars' lengths are the only
 * floats.
 */
const abs = (c: bigint) => (c < 0n ? -c : c);

export function MovementsChart({ list }: { list: CloseMovement[] }) {
  const { t, i18n } = useTranslation();
  const option = useMemo<ChartOption>(() => {
    const byKind = new Map<string, bigint>();
    for (const m of list) if (m.account === 'users') byKind.set(m.kind, (byKind.get(m.kind) ?? 0n) + (toCents(m.amount) ?? 0n));
    const bars = [...byKind]
      .filter(([, c]) => c !== 0n)
      // smallest first: a horizontal bar chart draws its first category at the bottom
      .sort((a, b) => (abs(a[1]) === abs(b[1]) ? 0 : abs(a[1]) < abs(b[1]) ? -1 : 1))
      .map(([kind, cents]) => ({ name: kindLabel(kind, i18n.language, t), amount: fromCents(cents) }));
    return {
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: bars.map((b) => b.name) },
      series: [
        {
          type: 'bar',
          name: t('close.col.amount'),
          data: bars.map((b) => toneBar(b.amount)),
        },
      ],
    };
  }, [list, t, i18n.language]);
  return (
    <Card size="small" title={t('close.movementsChart')} style={{ marginBottom: 16 }} className="close-noprint">
      <Chart option={option} height={220} testId="close-movements-chart" />
    </Card>
  );
}
