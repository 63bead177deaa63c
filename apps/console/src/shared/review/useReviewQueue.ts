import { useRef, useState } from 'react';
import type { ActionType } from '@ant-design/pro-components';

/** Which batch dialog is open (none, approve or reject the selection). */
export type BatchMode = 'approve' | 'reject' | null;

/**
 * The state of a review queue: the table's ref and `reload`, the selected rows (only those `reviewable`
 * can be ticked; kept across pages; none unless `canReview`, default true), the row being rejected and the open batch dialog.
 *
 *   const q = useReviewQueue<WithdrawItem>({ reviewable: (w) => w.status === 0, canReview });
 *   <ReviewListPage queue={q} … />
 */
export function useReviewQueue<T extends { id: number }>(opts: { reviewable: (row: T) => boolean; canReview?: boolean }) {
  const actionRef = useRef<ActionType>(undefined);
  const [selected, setSelected] = useState<T[]>([]);
  const [rejecting, setRejecting] = useState<T | null>(null);
  const [batchMode, setBatchMode] = useState<BatchMode>(null);
  const reload = () => void actionRef.current?.reload();
  const clearSelection = () => setSelected([]);
  /** Closes the reason dialog (of one row or of the batch). */
  const closeReject = () => {
    setRejecting(null);
    setBatchMode(null);
  };
  /**
   * Reviews the selection: `review(rows)` calls the server (and shows the outcome); then the batch dialog
   * closes, the selection is cleared and the page reloads. A throw keeps the dialog open.
   */
  const runBatch = async (review: (rows: T[]) => Promise<void>) => {
    const rows = selected;
    await review(rows);
    setBatchMode(null);
    setSelected([]);
    reload();
  };
  /**
   * The props of the reason dialog rejecting one row (`one`) or the selection (`batch`, through runBatch):
   * open for either, closed by either's success; `one` reloads the page after it.
   */
  const rejectDialog = (on: { one: (row: T, reason: string) => Promise<void>; batch?: (rows: T[], reason: string) => Promise<void> }) => ({
    open: !!rejecting || batchMode === 'reject',
    onClose: closeReject,
    onSubmit: async (reason: string) => {
      if (rejecting) {
        await on.one(rejecting, reason);
        setRejecting(null);
        reload();
      } else if (on.batch) {
        const batch = on.batch;
        await runBatch((rows) => batch(rows, reason));
      }
    },
  });
  return {
    actionRef,
    runBatch,
    rejectDialog,
    reload,
    selected,
    setSelected,
    clearSelection,
    rejecting,
    setRejecting,
    batchMode,
    setBatchMode,
    closeReject,
    /** Whether the operator may review (false: no row selection). */
    canReview: opts.canReview !== false,
    reviewable: opts.reviewable,
  };
}

export type ReviewQueue<T extends { id: number }> = ReturnType<typeof useReviewQueue<T>>;
