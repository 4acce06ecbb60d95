import type { WechatProfile, WechatProvider } from './wechat-provider.ts';
import { WechatExchangeError } from './wechat-provider.ts';

type OpenWechatOptions = {
  appId: string;
  appSecret: string;
  openBaseUrl: string;
  apiBaseUrl: string;
  redirectUri: string;
};

type TokenAnswer = {
  access_token?: string;
  openid?: string;
  unionid?: string;
  errcode?: number;
  errmsg?: string;
};
type UserAnswer = {
  nickname?: string;
  headimgurl?: string;
  unionid?: string;
  errcode?: number;
  errmsg?: string;
};

/** The WeChat Open Platform client (网站应用微信登录). Base URLs are configurable so tests use a fake. */
export class OpenWechatProvider implements WechatProvider {
  readonly mode = 'open' as const;
  private readonly options: OpenWechatOptions;

  constructor(options: OpenWechatOptions) {
    this.options = options;
  }

  qrUrl(state: string): string {
    const q = new URLSearchParams({
      appid: this.options.appId,
      redirect_uri: this.options.redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `${this.options.openBaseUrl}/connect/qrconnect?${q.toString()}#wechat_redirect`;
  }

  async exchange(code: string): Promise<WechatProfile> {
    const token = await this.getJson<TokenAnswer>('/sns/oauth2/access_token', {
      appid: this.options.appId,
      secret: this.options.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    if (!token.access_token || !token.openid) {
      throw new WechatExchangeError(`access_token failed: ${token.errcode ?? '?'} ${token.errmsg ?? ''}`);
    }
    const user = await this.getJson<UserAnswer>('/sns/userinfo', {
      access_token: token.access_token,
      openid: token.openid,
    });
    return {
      openId: token.openid,
      unionId: user.unionid ?? token.unionid ?? null,
      nickName: user.nickname?.slice(0, 20) || '微信用户',
      headImage: user.headimgurl ?? '',
    };
  }

  private async getJson<T>(pathName: string, query: Record<string, string>): Promise<T> {
    const url = `${this.options.apiBaseUrl}${pathName}?${new URLSearchParams(query).toString()}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new WechatExchangeError(`${pathName} answered HTTP ${res.status}`);
    return (await res.json()) as T;
  }
}
