import type { AdminRecord } from '@stock-admin/contracts';

/** Who is looking at the admin list, and what the role lets them do. */
export interface Viewer {
  selfId: number | undefined;
  isSuper: boolean;
  canDelete: boolean;
}

/**
 * 删除 is offered on a row only where the server would allow it: never on the super-user's row and
 * never on the signed-in admin's own row (the server refuses both anyway).
 */
export const mayDelete = (r: Pick<AdminRecord, 'id' | 'isSuper'>, v: Viewer): boolean => v.canDelete && !r.isSuper && r.id !== v.selfId;
