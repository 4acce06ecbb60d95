/**
 * Chinese messages of the business codes (the table in `codes.ts`), their params, and the few texts
 * that are not one code's message. The server sends `msg` in Chinese unless the request's language is
 * English (then `messageIn` of `messages-en.ts`); the web shows the code's message in the interface
 * language (`errors.<name>` in its i18n).
 */
import { CODE_TABLE, Code, codeEntryOf } from './codes.ts';

/** A code's Chinese message as written in the table (params unfilled), by code. */
export const CODE_MESSAGES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.values(CODE_TABLE).map((e) => [e.code, e.zh]),
);

/** The values a message's `{{name}}` params take; the server sends them as the envelope's `data`. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** How long to wait, rounded up to what a person reads: "45 秒", "3 分钟", "2 小时" (or English). */
export function waitText(ms: number, lang = 'zh-CN'): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const minutes = Math.ceil(seconds / 60);
  const hours = Math.ceil(minutes / 60);
  if (lang.startsWith('en')) {
    const [n, unit] =
      seconds < 60 ? [seconds, 'second'] : minutes < 60 ? [minutes, 'minute'] : [hours, 'hour'];
    return `${n} ${unit}${n === 1 ? '' : 's'}`;
  }
  if (seconds < 60) return `${seconds} 秒`;
  return minutes < 60 ? `${minutes} 分钟` : `${hours} 小时`;
}

/**
 * The formats a param may name (`{{waitSeconds, wait}}`), by language. The server formats Chinese
 * with them; the web registers them with i18next, so both write a param alike.
 */
export const MESSAGE_FORMATS: Readonly<Record<string, (value: unknown, lang: string) => string>> = {
  wait: (value, lang) => {
    const seconds = Number(value);
    return Number.isFinite(seconds) ? waitText(seconds * 1000, lang) : String(value ?? '');
  },
};

const PARAM = /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

/** Fills `{{name}}` and `{{name, format}}` as i18next does (an unknown param stays as written). */
export function formatMessage(template: string, params: MessageParams = {}, lang = 'zh-CN'): string {
  return template.replace(PARAM, (whole, name: string, format: string | undefined) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name]!;
    const formatter = format === undefined ? undefined : MESSAGE_FORMATS[format];
    return formatter ? formatter(value, lang) : String(value);
  });
}

/** The names of the params a code's message uses (none for an unknown code). */
export const paramNamesOf = (code: number): string[] =>
  [...(codeEntryOf(code)?.zh ?? '').matchAll(PARAM)].map((m) => m[1]!);

/**
 * A code's params read from an envelope's `data`: only the names its message uses, and only plain
 * strings and numbers, so nothing else in `data` reaches the message (or i18next's options).
 */
export function messageParamsOf(code: number, data: unknown): MessageParams {
  if (typeof data !== 'object' || data === null) return {};
  const params: Record<string, string | number> = {};
  for (const name of paramNamesOf(code)) {
    const value = (data as Record<string, unknown>)[name];
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  return params;
}

/** A code's Chinese message with its params; an unknown code gets the 500 message. */
export const messageFor = (code: number, params?: MessageParams): string =>
  formatMessage(CODE_MESSAGES[code] ?? CODE_MESSAGES[Code.SERVER_ERROR]!, params);

/**
 * Plain input validation (HTTP 400, code 400): the server's `msg` is "field: rule", like the
 * schemas' messages, and the web shows it as sent. Rules a person meets have their own code instead.
 */
export const VALIDATION_MESSAGES = {
  uploadedImageOnly: '只能使用上传的图片',
  oldPasswordRequired: '请输入原密码',
  multipartRequired: '需要 multipart/form-data',
  fileMissing: '缺少文件',
  beforeFile: '需在 file 之前',
  oneOf: (values: readonly string[]) => `只能是 ${values.join('/')}`,
  invalidJson: '请求体不是有效的 JSON',
  invalid: '无效',
  nulCharacter: '不能包含空字符（U+0000）',
  loneSurrogate: '含有无效的 Unicode 字符（不成对的代理项）',
  tooDeep: (max: number) => `嵌套不能超过 ${max} 层`,
} as const;

/** Answers of the operations endpoints (no person reads them). */
export const OPS_MESSAGES = {
  databaseUnavailable: '数据库不可用',
} as const;

/** Success and 541 messages of the team invitations that carry a name or say what happened. */
export const TEAM_MESSAGES = {
  invitationSent: '已发送邀请，对方接受后加入团队',
  alreadyMemberOther: '该用户已经是团队成员',
  removedFromTeam: (teamName: string) => `你已被移出团队「${teamName}」`,
} as const;

/** Seed §8: HTTP status messages, Chinese as PRODUCT.md gives them. Unknown status → 500's. */
export const HTTP_STATUS_MESSAGES: Record<number, string> = {
  400: '请求参数错误',
  401: '账号未登录',
  403: '没有权限进行该操作',
  404: '请求的资源不存在',
  405: '请求方法错误',
  423: '请求失败，请稍后重试',
  429: '请求过于频繁，请稍后重试',
  500: '服务器错误',
  502: '网关错误',
  503: '服务不可用，服务器暂时过载或维护',
  504: '网关超时',
  900: '重复请求，请稍后重试',
};

/** The readable page a browser gets for a 429 instead of the JSON envelope. */
export const tooManyRequestsPageText = (waitMs: number) => ({
  title: HTTP_STATUS_MESSAGES[429]!,
  zh: `来自你所在网络的请求过多，请 ${waitText(waitMs)}后刷新本页。`,
  en: `Too many requests from your network. Please reload this page in ${Math.max(1, Math.ceil(waitMs / 1000))} s.`,
  reload: '刷新 / Reload',
});
