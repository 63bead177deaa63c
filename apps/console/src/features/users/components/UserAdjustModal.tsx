import { useEffect, useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountType, type UserItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { userCalls } from '../api';
import { AdjustModal, type AdjustValues } from '../../../shared/components/AdjustModal';
import { formatMoney } from '../../../shared/money';
import { previewAdjust, type Balances } from '../../../shared/decimal';
import { accountTypeLabel, ACCOUNT_TYPE_COLORS } from '../../../shared/userLabels';

/**
 * Adjusts a user's balance (real or simulated account): the preview starts from the row's balances and
 * switches to fresh ones as soon as they arrive (the row may be minutes old).
 */
export function UserAdjustModal({ user, onClose, onDone }: { user: UserItem | null; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [adjustBase, setAdjustBase] = useState<Balances | null>(null);

  // Fresh balances for the adjustment preview (the row may be minutes old).
  useEffect(() => {
    if (!user) return setAdjustBase(null);
    setAdjustBase({ userAmt: user.userAmt, enableAmt: user.enableAmt, frozenAmt: user.frozenAmt });
    let live = true;
    userCalls
      .detail(user.id, { silent: true })
      .then((d) => live && setAdjustBase({ userAmt: d.userAmt, enableAmt: d.enableAmt, frozenAmt: d.frozenAmt }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user]);

  const adjust = async (v: AdjustValues) => {
    const u = user!;
    const d = await userCalls.adjust(u.accountType === AccountType.SIMULATED, {
      userId: u.id,
      amt: v.amt,
      direction: v.direction,
      note: v.note,
    });
    feedback.message.success(t('adjust.done', { balance: formatMoney(d.enableAmt) }));
    onDone();
  };

  return (
    <AdjustModal
      open={!!user}
      title={t('adjust.title')}
      testId="user-adjust"
      subject={
        user ? (
          <span>
            {t('adjust.subject', { user: `${user.phone}${user.realName ? `（${user.realName}）` : ''}` })}{' '}
            <Tag color={ACCOUNT_TYPE_COLORS[user.accountType]}>{accountTypeLabel(user.accountType, lang)}</Tag>
          </span>
        ) : null
      }
      previewRows={(v) => {
        const p = adjustBase ? previewAdjust(adjustBase, v.amt, v.direction) : null;
        if (!p) return null;
        return {
          insufficient: p.insufficient,
          rows: (['userAmt', 'enableAmt', 'frozenAmt'] as const).map((k) => ({
            key: k,
            label: t(`users.col.${k}`),
            before: p.before[k],
            after: p.after[k],
          })),
        };
      }}
      onSubmit={adjust}
      onClose={onClose}
    />
  );
}
