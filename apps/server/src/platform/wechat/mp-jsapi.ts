/**
 * The 公众号's jsapi_ticket for the JSSDK (share cards): the access_token (client_credential,
 * /cgi-bin/token) and the ticket (/cgi-bin/ticket/getticket?type=jsapi). The simulator makes one up;
 * the signature is computed the same way either way (modules/auth/wechat-js.service.ts caches it).
 */
import { hash, randomBytes } from 'node:crypto';
import { WechatExchangeError } from './wechat-provider.ts';

export type Expiring = { value: string; expiresInSeconds: number };

export interface MpJsapi {
  readonly appId: string;
  accessToken(): Promise<Expiring>;
  jsapiTicket(accessToken: string): Promise<Expiring>;
}

/** sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the URL without its #fragment. */
export const jsapiSignature = (ticket: string, nonceStr: string, timestamp: number, url: string): string =>
  hash(
    'sha1',
    `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url.split('#')[0]}`,
    'hex',
  );

export class HttpMpJsapi implements MpJsapi {
  readonly appId: string;
  private readonly options: { appId: string; appSecret: string; apiBaseUrl: string };

  constructor(options: { appId: string; appSecret: string; apiBaseUrl: string }) {
    this.appId = options.appId;
    this.options = options;
  }

  async accessToken(): Promise<Expiring> {
    const a = await this.get<{ access_token?: string; expires_in?: number; errcode?: number }>(
      '/cgi-bin/token',
      {
        grant_type: 'client_credential',
        appid: this.options.appId,
        secret: this.options.appSecret,
      },
    );
    if (!a.access_token) throw new WechatExchangeError(`cgi-bin/token failed: ${a.errcode ?? '?'}`);
    return { value: a.access_token, expiresInSeconds: a.expires_in ?? 7200 };
  }

  async jsapiTicket(accessToken: string): Promise<Expiring> {
    const a = await this.get<{ ticket?: string; expires_in?: number; errcode?: number }>(
      '/cgi-bin/ticket/getticket',
      { access_token: accessToken, type: 'jsapi' },
    );
    if (!a.ticket) throw new WechatExchangeError(`getticket failed: ${a.errcode ?? '?'}`);
    return { value: a.ticket, expiresInSeconds: a.expires_in ?? 7200 };
  }

  private async get<T>(pathName: string, query: Record<string, string>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.options.apiBaseUrl}${pathName}?${new URLSearchParams(query).toString()}`, {
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new WechatExchangeError(`${pathName} unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new WechatExchangeError(`${pathName} answered HTTP ${res.status}`);
    return (await res.json().catch(() => ({}))) as T;
  }
}

/** The simulator: a made-up token and ticket, signed the same way. */
export class SimulatedMpJsapi implements MpJsapi {
  readonly appId = 'wx_simulator';
  accessToken(): Promise<Expiring> {
    return Promise.resolve({ value: `sim-token-${randomBytes(6).toString('hex')}`, expiresInSeconds: 7200 });
  }
  jsapiTicket(): Promise<Expiring> {
    return Promise.resolve({ value: `sim-ticket-${randomBytes(6).toString('hex')}`, expiresInSeconds: 7200 });
  }
}
