import { useEffect, useMemo, useRef, useState } from 'react';
import { InputNumber, Select, Spin, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelItem } from '@stock-admin/contracts';
import { useAccess } from '../../lib/access';
import { pickerCalls } from '../api/pickers';

type Option = { value: number; label: string };

/** Options searched on the server as the operator types (debounced by `delayMs`). */
function useRemoteOptions(search: (q: string) => Promise<Option[]>, enabled: boolean, delayMs = 300) {
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const run = (q: string) => {
    if (!enabled) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const n = ++seq.current;
      setLoading(true);
      search(q.trim())
        .then((o) => n === seq.current && setOptions(o))
        .catch(() => n === seq.current && setOptions([]))
        .finally(() => n === seq.current && setLoading(false));
    }, delayMs);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return { options, loading, run };
}

/**
 * An agent, searched on the server by name as the operator types (every `debounceMs`, default 300). Empty
 * when the role may not list agents (list filters hide it then). `allowNone` adds 无代理 (value 0, which the
 * update calls read as "no agent"); a chosen id not among the options shows `initialLabel` (or `#id`).
 * `testId` is the select's `data-testid`.
 */
export function AgentSelect({
  allowNone,
  initialLabel,
  debounceMs,
  testId,
  ...props
}: SelectProps<number> & { allowNone?: boolean; initialLabel?: string | null; debounceMs?: number; testId?: string }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const ok = can('agentlist', 'query');
  const { options, loading, run } = useRemoteOptions(
    async (q) =>
      (await pickerCalls.agents(q)).list.map((a) => ({ value: a.id, label: a.realName ? `${a.name}（${a.realName}）` : a.name })),
    ok,
    debounceMs,
  );
  useEffect(() => run(''), [ok]);
  const all: Option[] = [...(allowNone ? [{ value: 0, label: t('common.noAgent') }] : []), ...options];
  const v = props.value;
  if (typeof v === 'number' && v > 0 && !all.some((o) => o.value === v)) all.push({ value: v, label: initialLabel || `#${v}` });
  return (
    <Select<number>
      showSearch
      allowClear
      filterOption={false}
      onSearch={run}
      options={all}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      data-testid={testId}
      {...props}
    />
  );
}

/** A real (not simulated) user, searched by phone prefix; without `userlist` query: the user id typed in. */
export function UserSelect({
  value,
  onChange,
  placeholder,
  id,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  placeholder?: string;
  id?: string;
}) {
  const { can } = useAccess();
  const ok = can('userlist', 'query');
  const { options, loading, run } = useRemoteOptions(
    async (q) =>
      (await pickerCalls.users(q)).list.map((u) => ({
        value: u.id,
        label: `${u.phone}${u.realName ? ` ${u.realName}` : ''} (ID ${u.id})`,
      })),
    ok,
  );
  useEffect(() => run(''), []);
  if (!ok)
    return (
      <InputNumber<number>
        id={id}
        min={1}
        precision={0}
        style={{ width: '100%' }}
        value={value ?? null}
        onChange={(v) => onChange?.(v ?? undefined)}
        placeholder="ID"
      />
    );
  return (
    <Select<number>
      id={id}
      showSearch
      allowClear
      filterOption={false}
      onSearch={run}
      options={options}
      value={value}
      onChange={(v) => onChange?.(v)}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      data-testid="user-select"
    />
  );
}

const channelLabel = (c: ChannelItem) => (c.displayName && c.displayName !== c.name ? `${c.displayName}（${c.name}）` : c.name);

/** All channels (or those usable for payouts); needs `channallist` query. */
export function ChannelSelect({ payout, ...props }: SelectProps<number> & { payout?: boolean }) {
  const { can } = useAccess();
  const ok = can('channallist', 'query');
  const [list, setList] = useState<ChannelItem[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!ok) return;
    let live = true;
    setLoading(true);
    (payout ? pickerCalls.payoutChannels() : pickerCalls.channels({ silent: true }))
      .then((d) => live && setList(d.list))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [ok, payout]);
  const options = useMemo(() => list.map((c) => ({ value: c.id, label: channelLabel(c) })), [list]);
  return <Select<number> allowClear showSearch optionFilterProp="label" loading={loading} options={options} {...props} />;
}
