import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountProfile } from '@stock-admin/contracts';
import { sessionStore } from '../../lib/session';
import { refreshCurrentAdmin } from '../../shared/currentAdmin';
import { accountCalls } from './api';

export const PROFILE_KEY = ['account', 'profile'] as const;

/** The signed-in admin's profile (account settings pages share one query). */
export function useProfile() {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: () => accountCalls.profile() });
}

/**
 * After the admin changed their own name or avatar: the pages' profile, the session info (workplace
 * greeting) and the header's admin record all follow.
 */
export function useProfileUpdated() {
  const qc = useQueryClient();
  return (patch: Partial<AccountProfile>) => {
    qc.setQueryData<AccountProfile>(PROFILE_KEY, (p) => (p ? { ...p, ...patch } : p));
    sessionStore.set((s) =>
      s.info
        ? {
            ...s,
            info: {
              ...s.info,
              ...(patch.adminName !== undefined ? { name: patch.adminName } : {}),
              ...(patch.avatar !== undefined ? { avatar: patch.avatar } : {}),
            },
          }
        : s,
    );
    const login = sessionStore.get().info?.username;
    if (login) void refreshCurrentAdmin(login);
  };
}
