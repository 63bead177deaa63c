import type { BuiltinRole, Lang } from '@stock-admin/contracts';

/** The built-in roles' names as created, in both languages (admins' grants and the session's role label read them). */
export const BUILTIN_ROLE_NAMES: Record<BuiltinRole, { zh: string; en: string }> = {
  super: { zh: '超级管理员', en: 'Super administrator' },
  admin: { zh: '管理员', en: 'Administrator' },
  finance: { zh: '财务', en: 'Finance' },
  risk: { zh: '风控', en: 'Risk' },
  support: { zh: '客服', en: 'Support' },
  agent: { zh: '代理', en: 'Agent' },
};

/**
 * A built-in role's words as created (its Chinese name, its English description) are the platform's, not an
 * operator's: read in the reader's language. Once an operator edits them they are that operator's text.
 */
export function builtinRoleText(code: string | null, text: string, lang: Lang): string {
  const def = code && Object.hasOwn(BUILTIN_ROLE_NAMES, code) ? BUILTIN_ROLE_NAMES[code as BuiltinRole] : undefined;
  return def && (text === def.zh || text === def.en) ? (lang === 'en-US' ? def.en : def.zh) : text;
}
