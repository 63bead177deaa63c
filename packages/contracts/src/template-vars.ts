/**
 * Variables of contract and message templates, written `{{name}}` in a template and filled from the
 * receiving user's data when the user reads it (contracts: escaped, so a user's name stays text).
 * Labels are the console's variable picker.
 */
export const TEMPLATE_VARIABLES = [
  { key: 'realName', zh: '真实姓名', en: 'Real name', sample: '张三' },
  { key: 'nickName', zh: '昵称', en: 'Nickname', sample: 'zhangsan' },
  { key: 'phone', zh: '手机号', en: 'Phone', sample: '13800138000' },
  { key: 'userId', zh: '用户ID', en: 'User ID', sample: '10001' },
  { key: 'idCard', zh: '身份证号', en: 'ID number', sample: '110101********1234' },
  { key: 'agentName', zh: '代理名称', en: 'Agent', sample: '华东代理' },
  { key: 'balance', zh: '可用余额', en: 'Available balance', sample: '10000.00' },
  { key: 'date', zh: '当前日期', en: 'Date', sample: '2026-01-01' },
  { key: 'signDate', zh: '签署日期', en: 'Signing date', sample: '2026-01-01' },
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]['key'];
export const TEMPLATE_VARIABLE_KEYS = TEMPLATE_VARIABLES.map((v) => v.key) as TemplateVariable[];

/** Fills `{{name}}` placeholders; unknown names stay as written. `escape` is applied to every value filled in. */
export function fillTemplate(
  text: string,
  values: Partial<Record<TemplateVariable, string>>,
  escape: (s: string) => string = (s) => s,
): string {
  return text.replace(/\{\{([a-zA-Z]+)\}\}/g, (whole, name: string) => {
    const v = values[name as TemplateVariable];
    return v === undefined ? whole : escape(v);
  });
}
