import type { Lang } from '@stock-admin/contracts';

/**
 * English says "1 session", "2 sessions": a counted text gives its `one` and `other` forms, chosen by the parameter
 * `count` names (Intl.PluralRules, as i18next does on the console); Chinese has one form.
 */
export type Counted = { one: string; other: string };
export interface Message {
  'zh-CN': string;
  'en-US': string | Counted;
  /** The parameter that counts, for a counted English text. */
  count?: string;
}
type Catalogue = Record<string, Message>;
const enPlural = new Intl.PluralRules('en-US');

const catalogue: Catalogue = {};

/**
 * Adds server messages. Each domain registers its own in its module (`registerMessages({...})`);
 * a test keeps every key present in both languages.
 */
export function registerMessages(m: Catalogue): void {
  for (const [k, v] of Object.entries(m)) {
    if (catalogue[k] && JSON.stringify(catalogue[k]) !== JSON.stringify(v)) {
      throw new Error(`server message "${k}" registered twice with different texts`);
    }
    catalogue[k] = v;
  }
}

export function allMessages(): Readonly<Catalogue> {
  return catalogue;
}

/** A parameter that names a message of its own (a reason, a state) is said in the caller's language too. */
const TRANSLATED_PARAM = /^(reason\.|[a-z]+\.status\.)/;

/** `{name}` placeholders are filled from `params`. Unknown keys come back as themselves. */
export function t(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const entry = catalogue[key];
  const said = entry?.[lang];
  let text =
    said === undefined
      ? key
      : typeof said === 'string'
        ? said
        : said[enPlural.select(Number(params?.[entry!.count!])) === 'one' ? 'one' : 'other'];
  if (params)
    for (const [k, v] of Object.entries(params)) {
      const said = typeof v === 'string' && TRANSLATED_PARAM.test(v) && catalogue[v] ? t(lang, v, { ...params, [k]: '' }) : String(v);
      text = text.replaceAll(`{${k}}`, said);
    }
  return text;
}

export function parseLang(header: unknown): Lang {
  const v = Array.isArray(header) ? header[0] : header;
  return typeof v === 'string' && v.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

registerMessages({
  ok: { 'zh-CN': '操作成功', 'en-US': 'Success' },
  login_required: { 'zh-CN': '请先登录，无权限访问', 'en-US': 'Please sign in first: access denied' },
  forbidden: { 'zh-CN': '无权限：缺少 {permission} 的 {action} 权限', 'en-US': 'Forbidden: missing {action} permission on {permission}' },
  super_only: { 'zh-CN': '无权限：仅超级管理员可操作', 'en-US': 'Forbidden: super-user only' },
  db_unavailable: { 'zh-CN': '数据库暂不可用，请稍后重试', 'en-US': 'The database is unavailable, please retry shortly' },
  outcome_unknown: {
    'zh-CN': '数据库连接在提交时中断，操作结果未知：请先核实该操作是否已生效，再决定是否重试（携带相同 Idempotency-Key 重试是安全的）',
    'en-US':
      'The database connection broke while saving: the outcome is unknown. Check whether the action took effect before retrying (a retry with the same Idempotency-Key is safe)',
  },
  committed_answer_unread: {
    'zh-CN': '操作已成功保存，但读取结果时数据库连接中断：请刷新查看结果',
    'en-US': 'The change was saved, but the database connection broke before its result could be read: reload to see it',
  },
  idempotency_key_invalid: {
    'zh-CN': '参数错误：请求头 Idempotency-Key 须为 1–255 个可见 ASCII 字符',
    'en-US': 'Invalid argument: the Idempotency-Key header must be 1–255 visible ASCII characters',
  },
  idempotency_key_reused: {
    'zh-CN': '参数错误：请求头 Idempotency-Key 已用于另一个不同的请求，请为新的操作使用新的 Idempotency-Key',
    'en-US': 'Invalid argument: this Idempotency-Key was already used for a different request; use a new key for a new action',
  },
  idempotency_in_progress: {
    'zh-CN': '使用该 Idempotency-Key 的请求仍在处理中，请稍后重试',
    'en-US': 'A request with this Idempotency-Key is still being processed; retry shortly',
  },
  idempotency_answer_lost: {
    'zh-CN': '该请求已处理成功（原应答已丢失，请刷新查看结果）',
    'en-US': 'This request was already carried out (its original answer was lost; reload to see the result)',
  },
  shutting_down: { 'zh-CN': '服务正在重启，请稍后重试', 'en-US': 'The server is restarting, please retry shortly' },
  internal_error: {
    'zh-CN': '服务器内部错误，请稍后重试（请求号 {reqId}）',
    'en-US': 'Internal server error, please retry later (request {reqId})',
  },
  not_found: { 'zh-CN': '接口不存在', 'en-US': 'No such endpoint' },
  metrics_unauthorized: {
    'zh-CN': '无权读取监控指标：请在 Authorization 头中提供 METRICS_TOKEN',
    'en-US': 'Not allowed to read the metrics: send METRICS_TOKEN in the Authorization header',
  },
  invalid_field: { 'zh-CN': '参数错误：{field} {reason}', 'en-US': 'Invalid argument: {field} {reason}' },
  invalid_body: { 'zh-CN': '参数错误：请求体格式不正确', 'en-US': 'Invalid argument: malformed request body' },
  csv_control_char: {
    'zh-CN': '参数错误：file 第 {row} 行含有控制字符（如 \\u0000），请检查文件后重新上传',
    'en-US': 'Invalid argument: file line {row} holds a control character (such as \\u0000); check the file and upload it again',
  },
  too_deep: {
    'zh-CN': '参数错误：body 嵌套层数过多（最多 {max} 层）',
    'en-US': 'Invalid argument: body is nested too deeply (at most {max} levels)',
  },
  too_large: { 'zh-CN': '参数错误：上传内容过大', 'en-US': 'Invalid argument: the upload is too large' },
  'reason.required': { 'zh-CN': '不能为空', 'en-US': 'is required' },
  'reason.invalid_type': { 'zh-CN': '类型不正确', 'en-US': 'has the wrong type' },
  'reason.too_small': { 'zh-CN': '过小或过短（最小 {min}）', 'en-US': 'is too small or too short (minimum {min})' },
  'reason.too_big': { 'zh-CN': '过大或过长（最大 {max}）', 'en-US': 'is too large or too long (maximum {max})' },
  'reason.invalid_format': { 'zh-CN': '格式不正确', 'en-US': 'has an invalid format' },
  'reason.invalid_value': { 'zh-CN': '取值不在允许范围内', 'en-US': 'is not one of the allowed values' },
  'reason.invalid_amount': { 'zh-CN': '金额格式不正确（最多两位小数）', 'en-US': 'is not a valid amount (at most two decimals)' },
  'reason.invalid_phone': { 'zh-CN': '手机号格式不正确', 'en-US': 'is not a valid phone number' },
  'reason.invalid_json': { 'zh-CN': '不是有效的 JSON', 'en-US': 'is not valid JSON' },
  'reason.invalid': { 'zh-CN': '不合法', 'en-US': 'is invalid' },
  // contracts' time.ts: every date and time field
  'reason.invalid_datetime': { 'zh-CN': '时间格式不正确', 'en-US': 'is not a valid time' },
  'reason.invalid_date': { 'zh-CN': '不是有效日期（YYYY-MM-DD）', 'en-US': 'is not a valid date (YYYY-MM-DD)' },
  'reason.unstorable_char': {
    'zh-CN': '含有无法保存的字符（如 \\u0000）',
    'en-US': 'contains a character that cannot be stored (such as \\u0000)',
  },
});
