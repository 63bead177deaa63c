import type { FormInstance } from 'antd';
import { Status } from '../../../lib/contracts-lite';
import { RequestError } from '../../../lib/request';

/**
 * The server reports a bad argument as status 2 with `参数错误：{field} {reason}` /
 * `Invalid argument: {field} {reason}` (apps/server http/i18n.ts `invalid_field`). The request client
 * has already shown that message; forms also put the reason under the field it names.
 */
const PATTERNS = [/^参数错误：(\S+) ([\s\S]*)$/, /^Invalid argument: (\S+) ([\s\S]*)$/];

export function fieldErrorOf(err: unknown): { field: string; reason: string } | null {
  if (!(err instanceof RequestError) || err.kind !== 'status' || err.status !== Status.INVALID) return null;
  for (const p of PATTERNS) {
    const m = p.exec(err.message.trim());
    if (m) return { field: m[1]!, reason: m[2]!.trim() };
  }
  return null;
}

/** Puts a server validation message on the form field it names; true when it did. */
export function showFieldError(
  form: Pick<FormInstance, 'setFields' | 'getFieldsValue'>,
  err: unknown,
  fields?: readonly string[],
): boolean {
  const fe = fieldErrorOf(err);
  if (!fe) return false;
  const known = fields ?? Object.keys(form.getFieldsValue(true) ?? {});
  if (!known.includes(fe.field)) return false;
  form.setFields([{ name: fe.field, errors: [fe.reason] }]);
  return true;
}
