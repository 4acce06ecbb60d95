import { Code } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sdkErrorParts } from './provider-error.ts';
import { SmsRefused, type SmsProvider } from './sms-provider.ts';

/**
 * A generic HTTP SMS gateway: POSTs {phone, code} (a sign-in code) or {phone, text} (a notice) as
 * JSON with a bearer token, for a relay of one's own. Aliyun and Tencent Cloud have their own adapters (aliyun-sms.ts, tencent-sms.ts).
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  private readonly url: string;
  private readonly token: string | undefined;
  private readonly log: FastifyBaseLogger;

  constructor(url: string, token: string | undefined, log: FastifyBaseLogger) {
    this.url = url;
    this.token = token;
    this.log = log;
  }

  sendCode(phone: string, code: string): Promise<void> {
    return this.post({ phone, code });
  }

  sendNotice(phone: string, text: string): Promise<void> {
    return this.post({ phone, text });
  }

  private async post(body: { phone: string; code: string } | { phone: string; text: string }) {
    let refused: SmsRefused;
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) return;
      refused = new SmsRefused(this.name, Code.SMS_SERVICE_UNAVAILABLE, `HTTP ${res.status}`, res.statusText);
    } catch (error) {
      const parts = sdkErrorParts(error);
      refused = new SmsRefused(this.name, Code.SMS_SERVICE_UNAVAILABLE, parts.code, parts.message);
    }
    this.log.warn({ sms: refused.toLog() }, `SMS send refused by the gateway: ${refused.providerCode}`);
    throw refused;
  }
}
