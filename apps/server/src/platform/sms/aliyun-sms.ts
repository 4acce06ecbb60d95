/**
 * Aliyun SMS (短信服务, dysmsapi 2017-05-25 SendSms) through Aliyun's own SDK, which signs each
 * request (ACS3-HMAC-SHA256). The code goes into the template's one variable (`templateParam`,
 * usually `code`). Aliyun answers a refused send with HTTP 200 and its code in the body (`isv.*`),
 * a refused request (keys, signature, throttling) with an HTTP error the SDK throws.
 */
import type Dysmsapi from '@alicloud/dysmsapi20170525';
import { Code } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sdkErrorParts } from './provider-error.ts';
import { SmsRefused, type SmsProvider, type SmsRefusal } from './sms-provider.ts';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** The template's variable the code fills (`${code}` in the template: `code`). */
  templateParam: string;
  /** The API's address: `https://dysmsapi.aliyuncs.com`, or another region's or a private one. */
  endpoint: string;
  /** An approved notice template (`SMS_…`) and its one variable, which the notice's text fills. */
  notice?: { templateCode: string; templateParam: string };
}

/** Aliyun's limit on one variable of a template: a longer text is cut and marked. */
export const ALIYUN_VARIABLE_MAX = 35;
const fitVariable = (text: string) =>
  [...text].length <= ALIYUN_VARIABLE_MAX ? text : [...text].slice(0, ALIYUN_VARIABLE_MAX - 1).join('') + '…';

/** Aliyun's per-number flow control (1 a minute, 5 an hour, 10 a day by default) and throttling. */
const LIMITED = /LIMIT_CONTROL|BUSINESS_LIMIT|^Throttling/;
/** The number itself: malformed, or a country the account does not send to. */
const PHONE = new Set([
  'isv.MOBILE_NUMBER_ILLEGAL',
  'isv.MOBILE_COUNT_OVER_LIMIT',
  'isv.NOT_SUPPORTED_COUNTRY',
  'isv.COUNTRY_RESTRICTED',
]);

/** What the user is told for an Aliyun code; anything else (template, signature, keys, balance) is the service's. */
export const aliyunRefusal = (code: string): SmsRefusal =>
  LIMITED.test(code)
    ? Code.SMS_PROVIDER_LIMITED
    : PHONE.has(code)
      ? Code.SMS_PHONE_REFUSED
      : Code.SMS_SERVICE_UNAVAILABLE;

/**
 * The SDK, loaded at the first send: it takes about 2 s to import, which no process using another
 * provider (or none yet) should pay at start.
 */
async function loadSdk() {
  const [dysms, core, dara] = await Promise.all([
    import('@alicloud/dysmsapi20170525'),
    import('@alicloud/openapi-core'),
    import('@darabonba/typescript'),
  ]);
  // CommonJS with its class on `default`: depending on the loader, the import is the class or the module.
  const mod = dysms.default as unknown as typeof Dysmsapi | { default: typeof Dysmsapi };
  const Client = 'default' in mod ? mod.default : mod;
  return { Client, SendSmsRequest: dysms.SendSmsRequest, Config: core.$OpenApiUtil.Config, dara };
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  private readonly options: AliyunSmsOptions;
  private readonly log: FastifyBaseLogger;
  private sdk: ReturnType<typeof loadSdk> | undefined;
  readonly sendNotice: SmsProvider['sendNotice'];

  constructor(options: AliyunSmsOptions, log: FastifyBaseLogger) {
    new URL(options.endpoint); // a bad address fails at start, not at the first send
    this.options = options;
    this.log = log;
    const notice = options.notice;
    // Without a notice template, notices stay in the app (the interface's optional method).
    this.sendNotice = notice
      ? (phone, text) =>
          this.deliver(phone, notice.templateCode, { [notice.templateParam]: fitVariable(text) })
      : undefined;
  }

  private async send(phone: string, templateCode: string, params: Record<string, string>) {
    this.sdk ??= loadSdk();
    const { Client, SendSmsRequest, Config, dara } = await this.sdk;
    const url = new URL(this.options.endpoint);
    const client = new Client(
      new Config({
        accessKeyId: this.options.accessKeyId,
        accessKeySecret: this.options.accessKeySecret,
        endpoint: url.host,
        protocol: url.protocol.replace(':', ''),
      }),
    );
    const request = new SendSmsRequest({
      phoneNumbers: phone,
      signName: this.options.signName,
      templateCode,
      templateParam: JSON.stringify(params),
    });
    // One try, bounded: a retried send could text the person twice (SendSms is not idempotent).
    const runtime = new dara.RuntimeOptions({ connectTimeout: 5_000, readTimeout: 10_000, autoretry: false });
    return client.sendSmsWithOptions(request, runtime);
  }

  sendCode(phone: string, code: string): Promise<void> {
    return this.deliver(phone, this.options.templateCode, { [this.options.templateParam]: code });
  }

  /** One send of a template; resolves when Aliyun took it, throws `SmsRefused` (logged) when not. */
  private async deliver(phone: string, templateCode: string, params: Record<string, string>) {
    let refused: SmsRefused;
    try {
      const { body } = await this.send(phone, templateCode, params);
      if (body?.code === 'OK') return;
      const providerCode = body?.code ?? 'UNKNOWN';
      refused = new SmsRefused(
        this.name,
        aliyunRefusal(providerCode),
        providerCode,
        body?.message ?? '',
        body?.requestId,
      );
    } catch (error) {
      const parts = sdkErrorParts(error);
      refused = new SmsRefused(
        this.name,
        aliyunRefusal(parts.code),
        parts.code,
        parts.message,
        parts.requestId,
      );
    }
    this.log.warn({ sms: refused.toLog() }, `SMS send refused by aliyun: ${refused.providerCode}`);
    throw refused;
  }
}
