import type { FormInstance } from 'antd';
import { Status } from '../../../lib/contracts-lite';
import { RequestError } from '../../../lib/request';

/**
 * A bad argument comes back as status 2 with `参数错误：{field} {reason}` / `Invalid argument: {field} {reason}`.
 * The request client has already shown the message; forms also put the reason under the field it names
 * (DESIGN §6 "the server's validation messages shown on the field").
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

/** Puts a server validation message on the named form field (`aliases` maps server → form names); true when it did. */
export function showFieldError(
  form: Pick<FormInstance, 'setFields'>,
  err: unknown,
  fields: readonly string[],
  aliases: Record<string, string> = {},
): boolean {
  const fe = fieldErrorOf(err);
  if (!fe) return false;
  const name = aliases[fe.field] ?? fe.field;
  if (!fields.includes(name)) return false;
  form.setFields([{ name, errors: [fe.reason] }]);
  return true;
}
