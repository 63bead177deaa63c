import { useEffect, useState } from 'react';

/**
 * A dialog mounted while it is open and unmounted when it closes gives the focus back to what had it (issue 65, WCAG
 * 2.4.3): antd restores it only for a dialog that stays mounted through its closing. Read in the first render, before
 * the dialog takes the focus.
 */
export function useRestoreFocus(): void {
  const [before] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(
    () => () => {
      if (before && before !== document.body) setTimeout(() => before.isConnected && before.focus(), 0);
    },
    [before],
  );
}
