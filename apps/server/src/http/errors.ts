import { Status, type StatusCode } from '@stock-admin/contracts';

/**
 * A refusal the caller should see: `status` 1 (rule/state), 2 (bad argument) or 10 (sign-in),
 * `key` a server message key (see i18n.ts). `httpStatus` is 200 except for permission refusals.
 */
export class AppError extends Error {
  constructor(
    readonly status: StatusCode,
    readonly key: string,
    readonly params?: Record<string, string | number>,
    readonly httpStatus = 200,
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

export const fail = (key: string, params?: Record<string, string | number>, data: unknown = null) =>
  new AppError(Status.FAIL, key, params, 200, data);
export const invalid = (field: string, reasonKey = 'reason.invalid') =>
  new AppError(Status.INVALID, 'invalid_field', { field, reason: reasonKey });
export const loginRequired = () => new AppError(Status.LOGIN_REQUIRED, 'login_required');
export const forbidden = (permission: string, action: string) => new AppError(Status.FAIL, 'forbidden', { permission, action }, 403);
export const superOnly = () => new AppError(Status.FAIL, 'super_only', undefined, 403);
