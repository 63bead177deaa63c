import { Children, cloneElement, isValidElement, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { Popconfirm, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { shortcutOf } from './shortcuts';

type Props = Record<string, unknown> & { children?: ReactNode; href?: string };

/** Enter or Space on a link without an address presses it, as on a button. */
function pressOnKey(own?: (e: KeyboardEvent<HTMLElement>) => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    own?.(e);
    if (e.defaultPrevented || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    e.stopPropagation(); // the row's own Enter (open) is not also pressed
    e.currentTarget.click();
  };
}

/** A confirmation opened from the keyboard takes the focus on its confirm button (Enter confirms only there). */
function focusConfirm(own?: (open: boolean) => void) {
  return (open: boolean) => {
    own?.(open);
    if (!open) return;
    setTimeout(() => {
      const ok = [...document.querySelectorAll<HTMLElement>('.ant-popconfirm .ant-popconfirm-buttons .ant-btn-primary')].find(
        (b) => !b.closest('.ant-popover-hidden'),
      );
      ok?.focus();
    }, 0);
  };
}

/**
 * A row's actions (the actions column's render), made for the keyboard: every link without an address becomes a
 * button a keyboard reaches (Tab) and presses (Enter, Space), named by its action (`data-action`, the React key of
 * the link or of what wraps it — `<Access key="approve">`); an action with a shortcut says so in its tooltip and
 * `aria-keyshortcuts`; a Popconfirm focuses its confirm button when it opens.
 */
export function keyboardActions(node: ReactNode, o: { t: TFunction; letters: boolean }): ReactNode {
  const walk = (child: ReactNode, action: string | undefined): ReactNode => {
    if (!isValidElement(child)) return child;
    const el = child as ReactElement<Props>;
    const name = el.key != null ? String(el.key).replace(/^\.\$/, '') : action;
    // `Typography.Link` passes these props to its own `<a>` (a danger-coloured link is one)
    if ((el.type === 'a' || el.type === Typography.Link) && !el.props.href) {
      const sc = o.letters ? shortcutOf(name) : undefined;
      const link = cloneElement(el, {
        tabIndex: 0,
        role: 'button',
        'data-action': name,
        ...(sc && { 'aria-keyshortcuts': sc.key.toUpperCase() }),
        onKeyDown: pressOnKey(el.props.onKeyDown as ((e: KeyboardEvent<HTMLElement>) => void) | undefined),
      });
      return sc ? (
        <Tooltip key={el.key ?? undefined} title={o.t('list.keys.tip', { key: sc.key.toUpperCase() })}>
          {link}
        </Tooltip>
      ) : (
        link
      );
    }
    const kids = el.props.children;
    const extra =
      el.type === Popconfirm ? { onOpenChange: focusConfirm(el.props.onOpenChange as ((open: boolean) => void) | undefined) } : {};
    if (kids == null || typeof kids === 'function') return Object.keys(extra).length ? cloneElement(el, extra) : el;
    const walked = Children.count(kids) === 1 && isValidElement(kids) ? walk(kids, name) : Children.map(kids, (k) => walk(k, name));
    return cloneElement(el, extra, walked);
  };
  return Array.isArray(node) ? node.map((n) => walk(n, undefined)) : walk(node, undefined);
}
