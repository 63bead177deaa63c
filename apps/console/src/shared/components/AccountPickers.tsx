import type { ComponentProps } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../lib/access';
import { pickerCalls } from '../api/pickers';
import { AgentSelect } from './Pickers';

/**
 * The agent picker of the users' screens: the one AgentSelect (Pickers.tsx) with their placeholder and a
 * 250 ms debounce.
 */
export function UserAgentSelect(props: ComponentProps<typeof AgentSelect>) {
  const { t } = useTranslation();
  return <AgentSelect debounceMs={250} placeholder={t('common.agentPlaceholder')} {...props} />;
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
    ...(allowNone ? [{ value: 0, label: t('common.noTier') }] : []),
    ...tiers.map((x) => ({ value: x.id, label: x.layeringName })),
  ];
  return <Select<number> allowClear options={options} placeholder={t('common.selectPlaceholder')} {...props} />;
}
