import type { SmsProvider } from './sms-provider.ts';

/**
 * A generic HTTP SMS gateway: POSTs {phone, code} as JSON with a bearer token. Aliyun / Tencent style
 * gateways sit behind a small relay that speaks this shape, so their signing stays out of the app.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  private readonly url: string;
  private readonly token: string | undefined;

  constructor(url: string, token?: string) {
    this.url = url;
    this.token = token;
  }

  async sendCode(phone: string, code: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ phone, code }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
  }
}
