import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { agentPicker } from '../api';

/** Agent picker by name (`/admin/agent/list.do`); empty when the role may not list agents. */
export function AgentSelect({ value, onChange, id }: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const { t } = useTranslation();
  const [kw, setKw] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(kw.trim()), 300);
    return () => clearTimeout(timer);
  }, [kw]);
  const q = useQuery({ queryKey: ['admins', 'agents', debounced], queryFn: () => agentPicker(debounced), staleTime: 30_000 });
  const options = (q.data ?? []).map((a) => ({ value: a.id, label: `${a.name}${a.realName ? ` (${a.realName})` : ''} #${a.id}` }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: `#${value}` });
  return (
    <Select
      id={id}
      showSearch
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      filterOption={false}
      onSearch={setKw}
      loading={q.isFetching}
      options={options}
      placeholder={t('admins.form.agentPlaceholder')}
      notFoundContent={t('admins.form.agentNone')}
      data-testid="admin-agent-select"
    />
  );
}
