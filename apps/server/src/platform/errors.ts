import { Code, codeEntryOf, type MessageParams, messageFor, type UiLang } from '@studio/contract';
import { ruleIn, type ValidationRuleArgs, type ValidationRuleKey } from '@studio/contract/messages-en';

export interface AppErrorOptions {
  /**
   * HTTP status for transport-level outcomes (validation 400, 404, 413, 429); otherwise the code's
   * own (`httpStatus` in the contract's table), else 200.
   */
  status?: number;
  /**
   * The params of the code's message (`{{name}}` in the contract's table): filled into the Chinese
   * `msg` and sent as the envelope's `data`, so the web can say the same in its language.
   */
  params?: MessageParams;
  /** The envelope's `data` when it is more than the params (e.g. which team a 541 names). */
  data?: unknown;
  /**
   * A `msg` other than the code's message: only where the code's table row says the server's text
   * says more (a validation error's field and rule) or for a 541 that names the team.
   */
  msg?: string;
  /** The thrower's own text in the asker's language (`msg` is its Chinese). */
  msgIn?: (lang: UiLang) => string;
}

/**
 * The one error type the services throw; the error handler turns it into the envelope. The message
 * comes from the contract's code table: `new AppError(Code.X)`, or with `{ params }`.
 */
export class AppError extends Error {
  readonly code: number;
  /** HTTP status for transport-level outcomes (validation 400, 413, 429); business outcomes are 200. */
  readonly httpStatus: number;
  /** The envelope's `data` (null unless the client needs more than the code, e.g. params or a team). */
  readonly data: unknown;
  /** The params of the code's message, so the error handler can say it in the request's language. */
  readonly params: MessageParams | undefined;
  /** The `msg` is the thrower's own text (`options.msg`), not the code's message. */
  readonly ownMsg: boolean;
  /** The thrower's own text in a language, when it has one in each. */
  readonly msgIn: ((lang: UiLang) => string) | undefined;

  constructor(code: number, options: AppErrorOptions = {}) {
    super(options.msg ?? options.msgIn?.('zh-CN') ?? messageFor(code, options.params));
    this.code = code;
    this.httpStatus = options.status ?? codeEntryOf(code)?.httpStatus ?? 200;
    this.data = options.data ?? options.params ?? null;
    this.params = options.params;
    this.ownMsg = options.msg !== undefined || options.msgIn !== undefined;
    this.msgIn = options.msgIn;
  }
}

/**
 * Plain input validation (HTTP 400): "field: rule", like the schemas' messages, the rule in the
 * asker's language (`VALIDATION_MESSAGES` and its English).
 */
export const invalidInput = <K extends ValidationRuleKey>(
  field: string,
  rule: K,
  ...args: ValidationRuleArgs<K>
): AppError =>
  new AppError(Code.BAD_REQUEST, {
    status: 400,
    msgIn: (lang) => `${field}: ${ruleIn(lang, rule, ...args)}`,
  });

/** Plain input validation with a schema's own words (a zod issue's message, already in its language). */
export const invalidInputText = (field: string, text: string): AppError =>
  new AppError(Code.BAD_REQUEST, { status: 400, msg: `${field}: ${text}` });
