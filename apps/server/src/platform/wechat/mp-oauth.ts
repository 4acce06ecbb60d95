/**
 * 公众号 网页授权 (WeChat official account web authorisation): a page opened inside WeChat asks for
 * the user's openid under the 公众号 (`snsapi_base`, silent) or their profile too (`snsapi_userinfo`,
 * a 允许/拒绝 screen). The real client and the simulator share this interface.
 */
import { WechatExchangeError } from './wechat-provider.ts';

export type MpScope = 'snsapi_base' | 'snsapi_userinfo';
export type MpProfile = {
  openId: string;
  /** Given when the 公众号 is bound to the Open Platform account (the same person as the QR login). */
  unionId: string | null;
  scope: MpScope;
  /** Only for snsapi_userinfo. */
  nickName: string | null;
  headImage: string | null;
};

export interface MpOAuth {
  readonly mode: 'simulator' | 'mp';
  /** The URL the browser inside WeChat goes to; WeChat returns to `redirectUri?code=…&state=…`. */
  authorizeUrl(scope: MpScope, state: string, redirectUri: string): string;
  /** Trades the code for the openid (and, for snsapi_userinfo, the profile). */
  exchange(code: string): Promise<MpProfile>;
}

type TokenAnswer = {
  access_token?: string;
  openid?: string;
  unionid?: string;
  scope?: string;
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

const scopeOf = (s: string | undefined): MpScope =>
  s?.split(',').includes('snsapi_userinfo') ? 'snsapi_userinfo' : 'snsapi_base';

/** Shared by the real client and the simulator: only the base URLs and the page differ. */
export class HttpMpOAuth implements MpOAuth {
  readonly mode: 'simulator' | 'mp';
  private readonly options: { appId: string; appSecret: string; openBaseUrl: string; apiBaseUrl: string };

  constructor(
    mode: 'simulator' | 'mp',
    options: { appId: string; appSecret: string; openBaseUrl: string; apiBaseUrl: string },
  ) {
    this.mode = mode;
    this.options = options;
  }

  authorizeUrl(scope: MpScope, state: string, redirectUri: string): string {
    const q = new URLSearchParams({
      appid: this.options.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope,
      state,
    });
    return `${this.options.openBaseUrl}/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
  }

  async exchange(code: string): Promise<MpProfile> {
    const token = await this.getJson<TokenAnswer>('/sns/oauth2/access_token', {
      appid: this.options.appId,
      secret: this.options.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    if (!token.access_token || !token.openid) {
      throw new WechatExchangeError(`mp access_token failed: ${token.errcode ?? '?'} ${token.errmsg ?? ''}`);
    }
    const scope = scopeOf(token.scope);
    if (scope === 'snsapi_base') {
      return { openId: token.openid, unionId: token.unionid ?? null, scope, nickName: null, headImage: null };
    }
    const user = await this.getJson<UserAnswer>('/sns/userinfo', {
      access_token: token.access_token,
      openid: token.openid,
      lang: 'zh_CN',
    });
    if (user.errcode)
      throw new WechatExchangeError(`mp userinfo failed: ${user.errcode} ${user.errmsg ?? ''}`);
    return {
      openId: token.openid,
      unionId: user.unionid ?? token.unionid ?? null,
      scope,
      nickName: user.nickname?.slice(0, 20) || '微信用户',
      headImage: user.headimgurl ?? '',
    };
  }

  private async getJson<T>(pathName: string, query: Record<string, string>): Promise<T> {
    const url = `${this.options.apiBaseUrl}${pathName}?${new URLSearchParams(query).toString()}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    } catch (err) {
      throw new WechatExchangeError(`${pathName} unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new WechatExchangeError(`${pathName} answered HTTP ${res.status}`);
    try {
      return (await res.json()) as T;
    } catch {
      throw new WechatExchangeError(`${pathName} answered no JSON`);
    }
  }
}

/**
 * Simulator identities: a simulated WeChat user `wxid` has the openid `sim:wxid` under the Open
 * Platform website app (the QR login), `simmp:wxid` under the 公众号, and one unionid `simu:wxid` for
 * both, as real WeChat gives when the Open Platform account binds both apps.
 */
export const simulatedIds = (wxid: string) => ({
  qrOpenId: `sim:${wxid}`,
  mpOpenId: `simmp:${wxid}`,
  unionId: `simu:${wxid}`,
});
export const simulatedUnionIdOfQrOpenId = (openId: string): string | null =>
  openId.startsWith('sim:') ? simulatedIds(openId.slice(4)).unionId : null;

/** What the simulator's page recorded for a code (modules/auth/wechat-states.repo.ts, via the ports). */
export type SimulatedMpLookup = (
  code: string,
) => Promise<{ openId: string; unionId: string | null; nickName: string; scope: MpScope } | undefined>;

/**
 * The built-in 公众号 simulator: the authorize URL opens a local page at the redirect URI's origin that
 * plays WeChat's screen (snsapi_base: straight back with a code; snsapi_userinfo: pick an identity,
 * 允许/拒绝), then returns to the redirect URI with `code` and `state` exactly as WeChat would.
 */
export class SimulatedMpOAuth implements MpOAuth {
  readonly mode = 'simulator' as const;
  private readonly find: SimulatedMpLookup;

  constructor(find: SimulatedMpLookup) {
    this.find = find;
  }

  authorizeUrl(scope: MpScope, state: string, redirectUri: string): string {
    const q = new URLSearchParams({
      appid: 'simulator',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope,
      state,
    });
    return `${new URL(redirectUri).origin}/api/auth/wechat/mp/simulator?${q.toString()}#wechat_redirect`;
  }

  async exchange(code: string): Promise<MpProfile> {
    const login = await this.find(code);
    if (!login) throw new WechatExchangeError('unknown simulator code');
    const userinfo = login.scope === 'snsapi_userinfo';
    return {
      openId: login.openId,
      unionId: login.unionId,
      scope: login.scope,
      nickName: userinfo ? login.nickName : null,
      headImage: userinfo ? '' : null,
    };
  }
}
