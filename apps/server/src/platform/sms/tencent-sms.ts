/**
 * Tencent Cloud SMS (SendSms 2021-01-11) through Tencent's own SDK, which signs each request
 * (TC3-HMAC-SHA256). The template's variables are filled in order from `templateParams` (`code`,
 * `minutes`: the code's lifetime). Tencent answers a refused send inside a success envelope
 * (`SendStatusSet[0].Code`), a refused request (keys, signature, limits) with `Response.Error`.
 */
import type { Agent } from 'node:http';
import { Code, LIMITS } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { sms } from 'tencentcloud-sdk-nodejs-sms';
import type { TencentTemplateParam } from '../../config.ts';
import { sdkErrorParts } from './provider-error.ts';
import { SmsRefused, type SmsProvider, type SmsRefusal } from './sms-provider.ts';

export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  templateParams: readonly TencentTemplateParam[];
  region: string;
  /** The API's address: `https://sms.tencentcloudapi.com`, or a regional one. */
  endpoint: string;
  /** An approved notice template whose one variable the notice's text fills. */
  noticeTemplateId?: string;
  /** The SDK's `httpProfile.agent` (a proxy, or how a test reaches its fake service). */
  agent?: Agent;
}

/** Limits on the number (per 30 s, hour, day, same content) and the delivery frequency policy. */
const LIMITED = /^LimitExceeded\.(PhoneNumber(?!CountLimit)|DeliveryFrequencyLimit)/;
/** The number itself: malformed, unparseable, or on the do-not-disturb list. */
const PHONE = new Set([
  'InvalidParameterValue.IncorrectPhoneNumber',
  'FailedOperation.PhoneNumberParseFail',
  'FailedOperation.PhoneNumberInBlacklist',
  'FailedOperation.PhoneNumberOnBlacklist',
]);

/** What the user is told for a Tencent code; anything else (template, signature, keys, balance) is the service's. */
export const tencentRefusal = (code: string): SmsRefusal =>
  LIMITED.test(code)
    ? Code.SMS_PROVIDER_LIMITED
    : PHONE.has(code)
      ? Code.SMS_PHONE_REFUSED
      : Code.SMS_SERVICE_UNAVAILABLE;

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  private readonly options: TencentSmsOptions;
  private readonly log: FastifyBaseLogger;
  private client: Promise<InstanceType<typeof sms.v20210111.Client>> | undefined;
  readonly sendNotice: SmsProvider['sendNotice'];

  constructor(options: TencentSmsOptions, log: FastifyBaseLogger) {
    new URL(options.endpoint); // a bad address fails at start, not at the first send
    this.options = options;
    this.log = log;
    const noticeTemplateId = options.noticeTemplateId;
    // Without a notice template, notices stay in the app (the interface's optional method).
    this.sendNotice = noticeTemplateId
      ? (phone, text) => this.deliver(phone, noticeTemplateId, [text])
      : undefined;
  }

  /** The SDK is loaded at the first send, so a process that sends none does not pay for it. */
  private async connect() {
    const { sms } = await import('tencentcloud-sdk-nodejs-sms');
    const { options } = this;
    const url = new URL(options.endpoint);
    return new sms.v20210111.Client({
      credential: { secretId: options.secretId, secretKey: options.secretKey },
      region: options.region,
      profile: {
        httpProfile: {
          endpoint: url.host,
          protocol: `${url.protocol}//`,
          reqTimeout: 10,
          ...(options.agent ? { agent: options.agent } : {}),
        },
      },
    });
  }

  sendCode(phone: string, code: string): Promise<void> {
    const values: Record<TencentTemplateParam, string> = {
      code,
      minutes: String(Math.round(LIMITS.smsCodeTtlMs / 60_000)),
    };
    return this.deliver(
      phone,
      this.options.templateId,
      this.options.templateParams.map((name) => values[name]),
    );
  }

  /** One send of a template; resolves when Tencent took it, throws `SmsRefused` (logged) when not. */
  private async deliver(phone: string, templateId: string, params: string[]) {
    let refused: SmsRefused;
    try {
      this.client ??= this.connect();
      const answer = await (
        await this.client
      ).SendSms({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: this.options.sdkAppId,
        SignName: this.options.signName,
        TemplateId: templateId,
        TemplateParamSet: params,
      });
      const status = answer.SendStatusSet?.[0];
      if (status?.Code === 'Ok') return;
      const providerCode = status?.Code ?? 'UNKNOWN';
      refused = new SmsRefused(
        this.name,
        tencentRefusal(providerCode),
        providerCode,
        status?.Message ?? '',
        answer.RequestId,
      );
    } catch (error) {
      const parts = sdkErrorParts(error);
      refused = new SmsRefused(
        this.name,
        tencentRefusal(parts.code),
        parts.code,
        parts.message,
        parts.requestId,
      );
    }
    this.log.warn({ sms: refused.toLog() }, `SMS send refused by tencent: ${refused.providerCode}`);
    throw refused;
  }
}
