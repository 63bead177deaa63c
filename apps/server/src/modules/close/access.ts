import type { Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { isAgentStaff } from '../_kit/scope.js';

/** The close, the statements and the reconciliation are the platform's own books: agent staff are refused. */
export const platformOnly = (admin: Principal) => {
  if (isAgentStaff(admin)) throw fail('close.platform_only');
};
