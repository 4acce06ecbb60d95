import type { Db } from '../../db/client.ts';
import { findSimulatedLogin } from '../../modules/auth/wechat-states.repo.ts';
import type { WechatProfile, WechatProvider } from './wechat-provider.ts';
import { WechatExchangeError } from './wechat-provider.ts';

/**
 * The built-in WeChat simulator: the QR opens a local page that plays the phone's part (pick a WeChat
 * identity, confirm), then returns to /wxAuth with a code, exactly as WeChat would.
 */
export class SimulatedWechatProvider implements WechatProvider {
  readonly mode = 'simulator' as const;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  qrUrl(state: string, origin: string): string {
    return `${origin}/api/auth/wechat/simulator?state=${encodeURIComponent(state)}`;
  }

  async exchange(code: string, state: string): Promise<WechatProfile> {
    const login = await findSimulatedLogin(this.db, state, code);
    if (!login) throw new WechatExchangeError('unknown simulator code');
    return { openId: login.openId, unionId: null, nickName: login.nickName, headImage: '' };
  }
}
