/**
 * The operator lists' keys (issue 65), one table for every list: what a key does is decided here, from the key and
 * where the focus is; the list then moves the focus or presses one of the row's own action links. A row action is
 * named by its React key in the actions column (`<a key="approve">`), so a page gets its shortcuts by naming its
 * actions the way the others do — the keys call the very links a mouse clicks, with their confirmations.
 */

/** A letter that presses a row's action, and the names that action has across the lists. */
export interface RowShortcut {
  key: string;
  actions: readonly string[];
  /** i18n key of what it does (the help panel, the link's tooltip). */
  label: string;
}

export const ROW_SHORTCUTS: readonly RowShortcut[] = [
  // 通过 a buy or a withdrawal, 确认 a deposit: the queue's "yes"
  { key: 'a', actions: ['approve', 'confirm'], label: 'list.keys.approve' },
  { key: 'r', actions: ['reject'], label: 'list.keys.reject' },
  { key: 'e', actions: ['edit'], label: 'list.keys.edit' },
];

/** The actions Enter presses, the first the row has; a row with none shows or hides its more fields. */
export const OPEN_ACTIONS: readonly string[] = ['detail', 'view', 'review', 'open'];

export const shortcutOf = (action: string | undefined): RowShortcut | undefined =>
  action == null ? undefined : ROW_SHORTCUTS.find((s) => s.actions.includes(action));

/** Where the typed characters belong to a field: no key of the list may act there. */
export function isTextField(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes((el as HTMLInputElement).type);
  if ((el as HTMLElement).isContentEditable) return true;
  const role = el.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox' || role === 'spinbutton';
}

export type Move = 'next' | 'prev' | 'first' | 'last';

/** What a key asks of the list. */
export type Intent =
  { kind: 'move'; move: Move } | { kind: 'open' } | { kind: 'select' } | { kind: 'help' } | { kind: 'action'; shortcut: RowShortcut };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * The intent of a key pressed on a row (`onRow`: the row itself has the focus, not a link in it), or null.
 * Arrows, Home/End, Enter and Space are the row's navigation and always work; the letters and `?` are the
 * shortcuts an operator may switch off (`letters` false).
 */
export function intentOf(e: KeyPress, o: { onRow: boolean; letters: boolean }): Intent | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case 'ArrowDown':
      return { kind: 'move', move: 'next' };
    case 'ArrowUp':
      return { kind: 'move', move: 'prev' };
    case 'Home':
      return o.onRow ? { kind: 'move', move: 'first' } : null;
    case 'End':
      return o.onRow ? { kind: 'move', move: 'last' } : null;
    case 'Enter':
      return o.onRow ? { kind: 'open' } : null;
    case ' ':
      return o.onRow ? { kind: 'select' } : null;
    case '?':
      return o.letters ? { kind: 'help' } : null;
  }
  if (!o.letters || !o.onRow || e.key.length !== 1) return null;
  const shortcut = ROW_SHORTCUTS.find((s) => s.key === e.key.toLowerCase());
  return shortcut ? { kind: 'action', shortcut } : null;
}

/** The row a move lands on, among `count` rows (stays within them). */
export function moveIndex(from: number, count: number, move: Move): number {
  if (count === 0) return -1;
  if (move === 'first') return 0;
  if (move === 'last') return count - 1;
  const to = from + (move === 'next' ? 1 : -1);
  return Math.min(count - 1, Math.max(0, to));
}
