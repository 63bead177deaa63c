import type { Principal } from '../../app/context.js';

/**
 * The principal of work the platform does for itself — demo seeds, the demo's simulated traffic — acting with the
 * super-user's reach and recorded under the given admin (the demo's `admin`) when there is one.
 */
export function systemPrincipal(admin?: { id: number; username: string }): Principal {
  return {
    sessionId: 0,
    adminId: admin?.id ?? 0,
    username: admin?.username ?? 'system',
    name: 'system',
    roleId: 0,
    roleName: 'system',
    roleCode: 'admin',
    agentId: null,
    isSuper: true,
    permissions: new Map(),
    avatar: '',
    lang: null,
    expiresAt: Number.MAX_SAFE_INTEGER,
  };
}

/** A platform operator acting in a seed (not agent staff). */
export function seedActor(adminId: number, username: string): Principal {
  return { adminId, username, name: username, agentId: null, isSuper: false, roleCode: 'admin', roleId: 0, roleName: 'admin' } as Principal;
}
