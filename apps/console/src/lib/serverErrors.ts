import type { FormInstance } from 'antd';
import { Status } from './contracts-lite';
import { RequestError } from './request';

/**
 * THE mapping of a server refusal onto a form (every form of every feature uses it). A bad argument comes back
 * as status 2 with `参数错误：{field} {reason}` / `Invalid argument: {field} {reason}` (apps/server app/i18n.ts
 * `invalid_field`). The request client has already shown the message; forms also put the reason under the field
 * it names (DESIGN §6 "the server's validation messages shown on the field").
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

/**
 * Puts a server validation message on the form field it names; true when it did. `fields`: the form's field
 * names (a list), or a map from the server's names to the form's; left out, the form's current fields.
 * `aliases` maps server names to form names when `fields` is a list.
 */
export function showFieldError(
  form: Pick<FormInstance, 'setFields'> & Partial<Pick<FormInstance, 'getFieldsValue'>>,
  err: unknown,
  fields?: readonly string[] | Record<string, string>,
  aliases: Record<string, string> = {},
): boolean {
  const fe = fieldErrorOf(err);
  if (!fe) return false;
  let name: string | undefined;
  if (fields && !Array.isArray(fields)) name = (fields as Record<string, string>)[fe.field];
  else {
    const known = (fields as readonly string[] | undefined) ?? Object.keys(form.getFieldsValue?.(true) ?? {});
    const wanted = aliases[fe.field] ?? fe.field;
    name = known.includes(wanted) ? wanted : undefined;
  }
  if (!name) return false;
  form.setFields([{ name, errors: [fe.reason] }]);
  return true;
}
