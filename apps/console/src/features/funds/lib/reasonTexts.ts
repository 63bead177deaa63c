import type { TFunction } from 'i18next';

/** The texts of the funds' rejection dialog (ReasonDialog): a required reason, shown to the user. */
export const rejectReasonTexts = (t: TFunction) =>
  ({
    label: t('funds.common.reasonLabel'),
    required: true,
    okText: t('funds.common.ok'),
    cancelText: t('funds.common.cancel'),
    placeholder: t('funds.common.reasonPlaceholder'),
    requiredMessage: t('funds.common.reasonRequired'),
  }) as const;
