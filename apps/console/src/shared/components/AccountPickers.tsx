import { useEffect, useRef, useState } from 'react';
import { Select, Spin, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../lib/access';
import { pickerCalls } from '../api/pickers';

type Option = { value: number; label: string };

/**
 * An agent, searched on the server by name as the operator types. `allowNone` adds 无代理 (value 0,
 * which the update calls read as "no agent"). Empty when the role may not list agents.
 */
export function AgentSelect({
  allowNone,
  initialLabel,
  ...props
}: SelectProps<number> & { allowNone?: boolean; initialLabel?: string | null }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const ok = can('agentlist', 'query');
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const run = (q: string) => {
    if (!ok) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const n = ++seq.current;
      setLoading(true);
      pickerCalls
        .agents(q.trim())
        .then(
          (d) =>
            n === seq.current &&
            setOptions(d.list.map((a) => ({ value: a.id, label: a.realName ? `${a.name}（${a.realName}）` : a.name }))),
        )
        .catch(() => n === seq.current && setOptions([]))
        .finally(() => n === seq.current && setLoading(false));
    }, 250);
  };
  useEffect(() => {
    run('');
    return () => clearTimeout(timer.current);
  }, [ok]);
  const all: Option[] = [...(allowNone ? [{ value: 0, label: t('users.common.noAgent') }] : []), ...options];
  const v = props.value;
  if (typeof v === 'number' && v > 0 && !all.some((o) => o.value === v)) all.push({ value: v, label: initialLabel || `#${v}` });
  return (
    <Select<number>
      showSearch
      allowClear
      filterOption={false}
      onSearch={run}
      options={all}
      placeholder={t('users.common.agentPlaceholder')}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      {...props}
    />
  );
}

/** Layering tiers (few, loaded once); `allowNone` adds 无分层 (value 0). */
export function useTiers() {
  const { can } = useAccess();
  const ok = can('layeringlist', 'query');
  const q = useQuery({ queryKey: ['users', 'tiers'], queryFn: () => pickerCalls.tiers(), enabled: ok, staleTime: 60_000 });
  return q.data?.list ?? [];
}

export function TierSelect({ allowNone, ...props }: SelectProps<number> & { allowNone?: boolean }) {
  const { t } = useTranslation();
  const tiers = useTiers();
  const options = [
    ...(allowNone ? [{ value: 0, label: t('users.common.noTier') }] : []),
    ...tiers.map((x) => ({ value: x.id, label: x.layeringName })),
  ];
  return <Select<number> allowClear options={options} placeholder={t('users.common.selectPlaceholder')} {...props} />;
}
