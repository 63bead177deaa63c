import { useCallback, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { feedback } from '../lib/feedback';

/**
 * Row switches of the product lists: ask first (a confirmation dialog), run the call with the row's
 * switch busy, then put the row the server answers in place of the old one (no reload). Failures were
 * shown by the request client.
 */
export function useRowActions<T extends { id: number }>(setRows: Dispatch<SetStateAction<T[]>>) {
  const [busy, setBusy] = useState<string | null>(null);

  const run = useCallback(
    async (key: string, fn: () => Promise<T>, done: string) => {
      setBusy(key);
      try {
        const item = await fn();
        setRows((rows) => rows.map((r) => (r.id === item.id ? item : r)));
        feedback.message.success(done);
      } catch {
        /* shown by the request client */
      } finally {
        setBusy(null);
      }
    },
    [setRows],
  );

  const confirm = useCallback(
    (o: { title: ReactNode; content: ReactNode; okText: string; cancelText: string; danger?: boolean }, go: () => Promise<void>) =>
      feedback.modal.confirm({
        title: o.title,
        content: o.content,
        okText: o.okText,
        cancelText: o.cancelText,
        okButtonProps: o.danger ? { danger: true } : undefined,
        onOk: go,
      }),
    [],
  );

  return { busy, run, confirm };
}
