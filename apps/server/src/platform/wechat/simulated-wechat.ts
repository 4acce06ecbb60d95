import type { WechatProfile, WechatProvider } from './wechat-provider.ts';
import { simulatedUnionIdOfQrOpenId } from './mp-oauth.ts';
import { WechatExchangeError } from './wechat-provider.ts';

/**
 * The identity the simulator page recorded for a state and code (the auth module keeps it in
 * wechat_states and hands this lookup in at app build time).
 */
export type SimulatedLoginLookup = (
  state: string,
  code: string,
) => Promise<{ openId: string; nickName: string } | undefined>;

/**
 * The built-in WeChat simulator: the QR opens a local page that plays the phone's part (pick a WeChat
 * identity, confirm), then returns to /wxAuth with a code, exactly as WeChat would.
 */
export class SimulatedWechatProvider implements WechatProvider {
  readonly mode = 'simulator' as const;
  private readonly findLogin: SimulatedLoginLookup;

  constructor(findLogin: SimulatedLoginLookup) {
    this.findLogin = findLogin;
  }

  qrUrl(state: string, origin: string): string {
    return `${origin}/api/auth/wechat/simulator?state=${encodeURIComponent(state)}`;
  }

  async exchange(code: string, state: string): Promise<WechatProfile> {
    const login = await this.findLogin(state, code);
    if (!login) throw new WechatExchangeError('unknown simulator code');
    // The simulated Open Platform binds the QR app and the 公众号: one unionid for both (mp-oauth.ts).
    return {
      openId: login.openId,
      unionId: simulatedUnionIdOfQrOpenId(login.openId),
      nickName: login.nickName,
      headImage: '',
    };
  }
}
