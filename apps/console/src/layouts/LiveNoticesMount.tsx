import { useLiveNotices } from '../features/realtime/useLiveNotices';
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
  return null;
}
