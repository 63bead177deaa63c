import { useLiveNotices } from '../features/realtime/useLiveNotices';
import { useAnnouncement } from '../lib/announce';
/**
 * ───── LIVE NOTICES MOUNT POINT ─────
 * The socket issue mounts its `useLiveNotices()` hook here (one call, inside the signed-in shell):
 *
 *   import { useLiveNotices } from '../lib/socket';
 *   export function LiveNoticesMount() { useLiveNotices(); return null; }
 *
 * It drives the header counters through `lib/badges.ts` (`badges.bump(2)`, …) and plays sounds through
 * `lib/sound.ts` (`play('withdraw')`). The shell renders this component once.
 */
export function LiveNoticesMount() {
  useLiveNotices();
  const said = useAnnouncement();
  // the polite live region (issue 65): the notices, coalesced, for a screen reader; a new key re-reads the same words
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-region">
      <span key={said.at}>{said.text}</span>
    </div>
  );
}
