import { useEffect, useRef, useState } from 'react';
import { Input, Select, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StockItem } from '@stock-admin/contracts';
import { useAccess } from '../../lib/access';
import { pickerCalls } from '../api/pickers';
import { stockSearchOf } from '../stockSearch';

/** The stock of the create form: what the preview and the limits need to know of it. */
export type PickedStock = Pick<StockItem, 'gid' | 'code' | 'name' | 'board' | 'st' | 'locked' | 'shown'>;

/**
 * A stock searched by code, name or pinyin initials as the operator types (debounced; `shares` query).
 * The value is the gid; `onPick` hands over the stock. Without `shares` query: the gid is typed.
 */
export function StockPicker({
  value,
  onChange,
  onPick,
  id,
}: {
  value?: string;
  onChange?: (gid: string | undefined) => void;
  onPick: (s: PickedStock | null) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const ok = can('shares', 'query');
  const [options, setOptions] = useState<StockItem[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const n = ++seq.current;
      setLoading(true);
      pickerCalls
        .stocks(stockSearchOf(text))
        .then((d) => n === seq.current && setOptions(d.list))
        .catch(() => n === seq.current && setOptions([]))
        .finally(() => n === seq.current && setLoading(false));
    }, 300);
  };
  useEffect(() => {
    if (ok) search('');
    return () => clearTimeout(timer.current);
  }, [ok]); // the search function is new each render; running it once per permission is the intent

  if (!ok)
    return (
      <Input
        id={id}
        value={value}
        maxLength={8}
        placeholder="sh600000"
        onChange={(e) => {
          const gid = e.target.value.trim().toLowerCase();
          onChange?.(gid || undefined);
          onPick(null);
        }}
        data-testid="stock-gid-input"
      />
    );
  return (
    <Select<string>
      id={id}
      showSearch
      allowClear
      filterOption={false}
      value={value}
      onSearch={search}
      placeholder={t('stockPick.placeholder')}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onChange={(gid) => {
        onChange?.(gid);
        onPick(options.find((s) => s.gid === gid) ?? null);
      }}
      options={options.map((s) => ({
        value: s.gid,
        disabled: s.locked || !s.shown,
        label: (
          <Space size={6}>
            <span>{s.name}</span>
            <Typography.Text type="secondary">{s.gid}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {s.pinyin}
            </Typography.Text>
            {s.locked && <Tag color="orange">{t('stockPick.locked')}</Tag>}
          </Space>
        ),
      }))}
      data-testid="stock-picker"
    />
  );
}
