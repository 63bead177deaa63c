import { Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import type { TFunction } from 'i18next';
import { BOARDS, MARKETS, type StockItem } from '@stock-admin/contracts';
import { quoteColumns } from './quoteColumns';
import { ratePercent } from '../lib/format';

export const MARKET_COLORS: Record<string, string> = { sh: 'red', sz: 'blue', bj: 'purple' };
const BOARD_COLORS: Record<string, string> = { main: 'default', star: 'gold', chinext: 'cyan', bj: 'purple' };

export interface StockColumnContext {
  busy: string | null;
  /** Does this viewer hold the action (showing and unlocking need `enable`, hiding and locking `disable`)? */
  may: (action: 'enable' | 'disable') => boolean;
  onShown: (s: StockItem, shown: boolean) => void;
  onLocked: (s: StockItem, locked: boolean) => void;
}

const yesNo = (t: TFunction, yes: string, no: string) => ({ true: { text: t(yes) }, false: { text: t(no) } });

/** The columns (and search fields) of 股票产品; edit and delete are the list's (CrudList). */
export function stockColumns(t: TFunction, c: StockColumnContext): ProColumns<StockItem>[] {
  return [
    {
      title: t('products.col.code'),
      dataIndex: 'code',
      width: 92,
      fixed: 'left',
      sorter: true,
      fieldProps: { placeholder: '600519', maxLength: 10 },
      render: (_, r) => (
        <Typography.Text copyable={{ text: r.code }} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {r.code}
        </Typography.Text>
      ),
    },
    {
      title: t('products.col.name'),
      dataIndex: 'name',
      width: 130,
      fieldProps: { maxLength: 50 },
      render: (_, r) => (
        <div>
          <Space size={4}>
            <span>{r.name}</span>
            {r.st && <Tag color="volcano">ST</Tag>}
          </Space>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.pinyin}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    // Search-only: the table shows the initials under the name, market and board in one column.
    { title: t('products.col.pinyin'), dataIndex: 'pinyin', hideInTable: true, fieldProps: { placeholder: 'GZMT', maxLength: 20 } },
    {
      title: t('products.col.market'),
      dataIndex: 'market',
      hideInTable: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(MARKETS.map((m) => [m, { text: t(`products.market.${m}`) }])),
    },
    {
      title: t('products.col.board'),
      dataIndex: 'board',
      hideInTable: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(BOARDS.map((b) => [b, { text: t(`products.board.${b}`) }])),
    },
    {
      title: t('products.col.marketBoard'),
      key: 'marketBoard',
      search: false,
      width: 150,
      render: (_, r) => (
        <Space size={0}>
          <Tag color={MARKET_COLORS[r.market]}>{t(`products.market.${r.market}`)}</Tag>
          <Tag color={BOARD_COLORS[r.board]}>{t(`products.board.${r.board}`)}</Tag>
        </Space>
      ),
    },
    ...quoteColumns<StockItem>(t, { sortable: ['changePct', 'turnover'] }),
    {
      title: t('products.col.spreadRate'),
      dataIndex: 'spreadRate',
      search: false,
      width: 84,
      align: 'right',
      render: (_, r) => (
        <Tooltip title={r.spreadRate}>
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>{ratePercent(r.spreadRate)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('products.col.shown'),
      dataIndex: 'shown',
      width: 70,
      valueType: 'select',
      valueEnum: yesNo(t, 'products.common.yes', 'products.common.no'),
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.shown}
          disabled={!c.may(r.shown ? 'disable' : 'enable')}
          loading={c.busy === `shown-${r.id}`}
          onChange={(v) => c.onShown(r, v)}
          aria-label={`${t('products.col.shown')} · ${r.name}`}
          data-testid={`stock-shown-${r.code}`}
        />
      ),
    },
    {
      title: t('products.col.locked'),
      dataIndex: 'locked',
      width: 100,
      valueType: 'select',
      valueEnum: yesNo(t, 'products.lock.locked', 'products.lock.normal'),
      render: (_, r) => {
        const sw = (
          <Switch
            size="small"
            checked={r.locked}
            disabled={!c.may(r.locked ? 'enable' : 'disable')}
            loading={c.busy === `locked-${r.id}`}
            checkedChildren={t('products.lock.locked')}
            unCheckedChildren={t('products.lock.normal')}
            onChange={(v) => c.onLocked(r, v)}
            data-testid={`stock-locked-${r.code}`}
          />
        );
        return r.locked && r.lockReason ? <Tooltip title={t('products.lock.reasonTip', { reason: r.lockReason })}>{sw}</Tooltip> : sw;
      },
    },
  ];
}
