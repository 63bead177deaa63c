import { Space, Tag, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PositionAdjustment } from '@stock-admin/contracts';
import { planText } from '@stock-admin/contracts/exrights';
import { pageOf, tableDefaults } from '../../../lib/proTable';
import { Amount, PriceText, StockCell } from '../../../shared/components/cells';
import { fmtTime } from '../../../shared/format';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { formatCount } from '../../../shared/money';
import { tableRequest } from '../../../shared/tableRequest';
import { corpCalls } from '../api';

const LAYOUT: ListLayout = {
  id: 'corpactions-adjustments',
  // at 1440 px: which position, what the action was, and each figure before → after
  must: ['exDate', 'position', 'stock', 'plan', 'direction', 'shares', 'price', 'margin', 'cash'],
  card: { head: ['stock', 'plan'], fields: ['position', 'direction', 'shares', 'price', 'margin', 'cash'] },
};

/** before → after, the after emphasised when it changed. */
function Change({
  before,
  after,
  render,
}: {
  before: string | number | null;
  after: string | number | null;
  render?: (v: string | number | null) => React.ReactNode;
}) {
  const show = render ?? ((v) => (v == null ? '—' : String(v)));
  if (String(before) === String(after)) return <>{show(after)}</>;
  // each figure whole; the pair wraps between them on a phone's card
  return (
    <Space size={4} wrap>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {show(before)}
      </Typography.Text>
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
        <ArrowRightOutlined aria-label="→" /> {show(after)}
      </Typography.Text>
    </Space>
  );
}

/**
 * 持仓调整明细: what each corporate action did to each position — shares, cost per share, margin, take-profit and
 * stop-loss before and after, the dividend (net of tax), an odd lot settled in cash, and what stayed in the cost.
 * Opened for an action (`?actionId=`) or a position's history (`?positionId=`, from the positions list); agent staff
 * see their subtree's.
 */
export default function Adjustments() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const [search] = useSearchParams();
  const num = (k: string) => (Number(search.get(k)) > 0 ? Number(search.get(k)) : undefined);
  const actionId = num('actionId');
  const positionId = num('positionId');
  const columns: ProColumns<PositionAdjustment>[] = [
    { title: t('corpactions.col.exDate'), dataIndex: 'exDate', width: 110, hideInSearch: true },
    {
      title: t('corpactions.col.position'),
      dataIndex: 'position',
      key: 'position',
      hideInSearch: true,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.positionNo}</span>
          <Typography.Text type="secondary">
            {r.phone ?? '—'} #{r.userId}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('corpactions.col.stock'),
      dataIndex: 'stock',
      key: 'stock',
      hideInSearch: true,
      // the adjustment names its stock by gid, in `code`
      render: (_, r) => <StockCell r={{ ...r, gid: r.code }} />,
    },
    { title: t('corpactions.col.plan'), dataIndex: 'plan', hideInSearch: true, render: (_, r) => planText(r, lang) },
    {
      title: t('corpactions.col.direction'),
      dataIndex: 'direction',
      width: 70,
      hideInSearch: true,
      // said in words (red up, green down is for prices; a direction is named)
      render: (_, r) => <Tag>{t(`corpactions.direction.${r.direction}`)}</Tag>,
    },
    {
      title: t('corpactions.col.shares'),
      dataIndex: 'shares',
      key: 'shares',
      hideInSearch: true,
      render: (_, r) => <Change before={r.sharesBefore} after={r.sharesAfter} render={(v) => formatCount(Number(v))} />,
    },
    {
      title: t('corpactions.col.price'),
      dataIndex: 'price',
      key: 'price',
      hideInSearch: true,
      render: (_, r) => <Change before={r.priceBefore} after={r.priceAfter} render={(v) => <PriceText value={v as string} />} />,
    },
    {
      title: t('corpactions.col.margin'),
      dataIndex: 'margin',
      key: 'margin',
      hideInSearch: true,
      render: (_, r) => <Change before={r.marginBefore} after={r.marginAfter} render={(v) => <Amount value={v as string} />} />,
    },
    {
      title: t('corpactions.col.lines'),
      dataIndex: 'lines',
      key: 'lines',
      hideInSearch: true,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Change
            before={r.takeProfitBefore}
            after={r.takeProfitAfter}
            render={(v) => (v == null ? '—' : <PriceText value={v as string} />)}
          />
          <Change before={r.stopLossBefore} after={r.stopLossAfter} render={(v) => (v == null ? '—' : <PriceText value={v as string} />)} />
        </Space>
      ),
    },
    {
      title: t('corpactions.col.dividend'),
      dataIndex: 'dividend',
      width: 110,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => <Amount value={r.dividend} />,
    },
    {
      title: t('corpactions.col.tax'),
      dataIndex: 'tax',
      width: 90,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => <Amount value={r.tax} />,
    },
    {
      title: t('corpactions.col.fraction'),
      dataIndex: 'fractionCash',
      width: 120,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => (Number(r.fractionShares) ? `${r.fractionShares.replace(/0+$/, '')} · ` : '') + r.fractionCash,
    },
    {
      title: t('corpactions.col.cash'),
      dataIndex: 'cash',
      width: 110,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => <Amount value={r.cash} />,
    },
    {
      title: t('corpactions.col.unpaid'),
      dataIndex: 'unpaid',
      width: 100,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => <Amount value={r.unpaid} />,
    },
    {
      title: t('corpactions.col.refPrice'),
      dataIndex: 'refPrice',
      width: 100,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => <PriceText value={r.refPrice} />,
    },
    { title: t('corpactions.col.at'), dataIndex: 'at', width: 170, hideInSearch: true, render: (_, r) => fmtTime(r.at) },
  ];
  return (
    <div data-testid="page-corpactions-adjustments">
      <ListTable<PositionAdjustment, { actionId?: number; positionId?: number }>
        {...tableDefaults()}
        rowKey="id"
        headerTitle={positionId ? t('corpactions.history') : t('corpactions.menu.adjustments')}
        columns={columns}
        search={false}
        params={{ actionId, positionId }}
        options={{ reload: true, density: false, setting: true }}
        layout={LAYOUT}
        live={['CORP_ACTIONS_APPLIED']}
        request={(params) =>
          tableRequest(() =>
            corpCalls.adjustments({ ...pageOf(params), ...(actionId ? { actionId } : {}), ...(positionId ? { positionId } : {}) }),
          )
        }
      />
    </div>
  );
}
