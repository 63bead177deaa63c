import { useCallback, useEffect, useRef, useState, type FocusEvent, type HTMLAttributes, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback';
import { intentOf, isTextField, moveIndex, OPEN_ACTIONS } from './shortcuts';

/** Where the focus may go while the operator still works the list: its dialogs, drawers, confirmations, toasts. */
const AWAY_BUT_WORKING =
  '.ant-modal-root, .ant-modal-wrap, .ant-drawer, .ant-popover, .ant-dropdown, .ant-message, .ant-notification, .ant-tooltip';
const DIALOG_OPEN = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal, .ant-drawer-open';

/**
 * A list worked by keyboard (issue 65): one row at a time is the list's tab stop (a roving tabindex); ↑/↓ (Home/End)
 * move the focus between rows, Enter opens the row (its detail, or its more fields), Space ticks it, the letters of
 * `shortcuts.ts` press its actions and `?` opens the help. When the row in focus leaves the list (approved out of a
 * pending queue) or a dialog closes onto nothing, the focus goes to the row now at its place: approve, and the next
 * one is ready.
 *
 * `letters` false (the operator switched shortcuts off): the arrows, Enter and Space stay — they are navigation.
 */
export function useRowKeyboard(letters: boolean) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const [active, setActiveState] = useState(0);
  const activeRef = useRef(0);
  const engaged = useRef(false);
  const [helpOpen, setHelpOpen] = useState(false);

  const setActive = useCallback((i: number) => {
    if (activeRef.current === i) return;
    activeRef.current = i;
    setActiveState(i);
  }, []);
  const rows = useCallback((): HTMLElement[] => {
    const body = root.current?.querySelector('.ant-table-tbody');
    return body ? ([...body.children] as HTMLElement[]).filter((r) => r.classList.contains('ant-table-row')) : [];
  }, []);
  const focusRow = useCallback(
    (i: number) => {
      const r = rows()[i];
      if (!r) return;
      setActive(i);
      r.focus({ preventScroll: true });
      r.scrollIntoView?.({ block: 'nearest' });
    },
    [rows, setActive],
  );

  /** The focus fell on nothing (the row it was on is gone, a dialog closed): back to the row at its place. */
  const recover = useCallback(() => {
    const el = root.current;
    const a = document.activeElement;
    if (!el || !engaged.current || (a && a !== document.body) || el.offsetParent === null) return false;
    if (document.querySelector(DIALOG_OPEN)) return false;
    const n = rows().length;
    if (!n) return false;
    focusRow(Math.min(activeRef.current, n - 1));
    return true;
  }, [rows, focusRow]);

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const onFocusIn = (e: globalThis.FocusEvent) => {
      const target = e.target as Element | null;
      if (target && el.contains(target)) engaged.current = true;
      else if (!target?.closest?.(AWAY_BUT_WORKING)) engaged.current = false;
    };
    // a key pressed while the focus is lost comes back to the list (a drawer closed with Esc leaves it on the page)
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (recover() && e.key.startsWith('Arrow')) e.preventDefault();
    };
    const observer = new MutationObserver(() => {
      const n = rows().length;
      if (n && activeRef.current >= n) setActive(n - 1);
      recover();
    });
    // a mouse in use: the focus is the operator's to place (a click on the page's background leaves it on nothing)
    const onMouse = () => {
      engaged.current = false;
    };
    observer.observe(el, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onMouse, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onMouse, true);
    };
  }, [rows, recover, setActive]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (e.defaultPrevented || isTextField(target)) return;
    const row = target.closest<HTMLElement>('tr.ant-table-row');
    const all = rows();
    const i = row ? all.indexOf(row) : -1;
    const intent = intentOf(e, { onRow: i >= 0 && target === row, letters });
    if (!intent || (i < 0 && intent.kind !== 'help')) return;
    e.preventDefault();
    const press = (names: readonly string[]) =>
      names.map((n) => row!.querySelector<HTMLElement>(`[data-action="${n}"]`)).find(Boolean) ?? null;
    switch (intent.kind) {
      case 'help':
        setHelpOpen(true);
        return;
      case 'move':
        focusRow(moveIndex(i, all.length, intent.move));
        return;
      case 'select':
        row!.querySelector<HTMLElement>('.ant-table-selection-column input:not([disabled])')?.click();
        return;
      case 'open':
        (press(OPEN_ACTIONS) ?? row!.querySelector<HTMLElement>('.ant-table-row-expand-icon'))?.click();
        return;
      case 'action': {
        const link = press(intent.shortcut.actions);
        if (link) link.click();
        else feedback.message.info(t('list.keys.notHere', { key: intent.shortcut.key.toUpperCase() }));
      }
    }
  };

  /** The props of row `i` (merged over the list's own `onRow`). */
  const rowProps = (i: number): HTMLAttributes<HTMLElement> => ({
    tabIndex: i === active ? 0 : -1,
    onFocus: (e: FocusEvent<HTMLElement>) => {
      const at = rows().indexOf(e.currentTarget);
      if (at >= 0) setActive(at);
    },
  });

  /** To the row the list is on (the list's skip link). */
  const focusActive = () => focusRow(Math.min(activeRef.current, Math.max(0, rows().length - 1)));

  return { root, onKeyDown, rowProps, helpOpen, setHelpOpen, focusActive };
}
