import { useEffect, useRef, useState } from 'react';
import { Radio, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_KINDS, type AudienceKind, type AudienceUser, type Page } from '@stock-admin/contracts';
import { UserAgentSelect, TierSelect } from './AccountPickers';

/** The form value of an audience (who a send or an assignment reaches). */
export interface AudienceValue {
  kind: AudienceKind;
  userIds?: number[];
  agentId?: number;
  tierId?: number;
}

/** The audience a request carries: only the fields of its kind. */
export function audienceOf(v: AudienceValue) {
  if (v.kind === 'users') return { kind: 'users' as const, userIds: v.userIds ?? [] };
  if (v.kind === 'agent') return { kind: 'agent' as const, agentId: v.agentId ?? 0 };
  if (v.kind === 'tier') return { kind: 'tier' as const, tierId: v.tierId ?? 0 };
  return { kind: 'all' as const };
}

/** True when the chosen kind has what it needs (users chosen, an agent, a tier). */
export const audienceComplete = (v: AudienceValue | undefined) =>
  !!v && (v.kind === 'all' || (v.kind === 'users' ? (v.userIds?.length ?? 0) > 0 : v.kind === 'agent' ? !!v.agentId : !!v.tierId));

/**
 * Who a message or a contract reaches: chosen users (searched on the server in the caller's scope), an agent
 * subtree, a layering tier or everyone (for agent staff the server reads "everyone" as their subtree). An antd
 * form control (`value` / `onChange`).
 */
export function AudienceField({
  value = { kind: 'users' },
  onChange,
  searchUsers,
}: {
  value?: AudienceValue;
  onChange?: (v: AudienceValue) => void;
  searchUsers: (q: { keyword?: string; pageNum: number; pageSize: number }) => Promise<Page<AudienceUser>>;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const n = ++seq.current;
      setLoading(true);
      searchUsers({ keyword: keyword.trim() || undefined, pageNum: 1, pageSize: 30 })
        .then((d) => {
          if (n !== seq.current) return;
          setOptions((prev) => {
            // keep the chosen ones' labels while the search shows others
            const chosen = prev.filter((o) => value.userIds?.includes(o.value));
            const fresh = d.list.map((u) => ({ value: u.id, label: `${u.realName || u.nickName} · ${u.phone} · #${u.id}` }));
            return [...chosen.filter((c) => !fresh.some((f) => f.value === c.value)), ...fresh];
          });
        })
        .catch(() => undefined)
        .finally(() => n === seq.current && setLoading(false));
    }, 250);
  };
  useEffect(() => {
    if (value.kind === 'users') search('');
    return () => clearTimeout(timer.current);
  }, [value.kind]);
  const set = (patch: Partial<AudienceValue>) => onChange?.({ ...value, ...patch });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="audience-field">
      <Radio.Group
        value={value.kind}
        onChange={(e) => onChange?.({ kind: e.target.value as AudienceKind })}
        options={AUDIENCE_KINDS.map((k) => ({ value: k, label: t(`audience.${k}`) }))}
        optionType="button"
      />
      {value.kind === 'users' && (
        <Select<number[]>
          mode="multiple"
          showSearch
          filterOption={false}
          onSearch={search}
          value={value.userIds ?? []}
          onChange={(ids) => set({ userIds: ids })}
          options={options}
          placeholder={t('audience.usersPlaceholder')}
          // the form's label names the whole field; each picker is named by the kind chosen above it
          aria-label={t('audience.users')}
          notFoundContent={loading ? <Spin size="small" /> : undefined}
          data-testid="audience-users"
        />
      )}
      {value.kind === 'agent' && (
        <UserAgentSelect
          value={value.agentId}
          onChange={(agentId) => set({ agentId })}
          style={{ width: '100%' }}
          aria-label={t('audience.agent')}
        />
      )}
      {value.kind === 'tier' && (
        <TierSelect
          value={value.tierId}
          onChange={(tierId) => set({ tierId })}
          style={{ width: '100%' }}
          data-testid="audience-tier"
          aria-label={t('audience.tier')}
        />
      )}
      {value.kind === 'all' && <span className="ant-form-item-extra">{t('audience.allHint')}</span>}
    </Space>
  );
}
