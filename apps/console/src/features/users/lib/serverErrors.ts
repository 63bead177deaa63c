import type { FormInstance } from 'antd';
import { Status } from '../../../lib/contracts-lite';
import { RequestError } from '../../../lib/request';

/**
 * A bad argument comes back as status 2 with `参数错误：{field} {reason}` / `Invalid argument: {field} {reason}`.
 * The request client has already shown the message; forms also put the reason under the field it names.
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

/** Puts a server validation message on the form field it names (`fields` maps wire names to form names). */
export function showFieldError(
  form: Pick<FormInstance, 'setFields'>,
  err: unknown,
  fields: Record<string, string> | readonly string[],
): boolean {
  const fe = fieldErrorOf(err);
  if (!fe) return false;
  const map = Array.isArray(fields) ? Object.fromEntries(fields.map((f) => [f, f])) : (fields as Record<string, string>);
  const name = map[fe.field];
  if (!name) return false;
  form.setFields([{ name, errors: [fe.reason] }]);
  return true;
}
