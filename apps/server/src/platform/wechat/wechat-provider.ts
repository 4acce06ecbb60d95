/** WeChat QR login (OAuth 2 "website application" flow). The simulator and the real client share it. */
export type WechatProfile = { openId: string; unionId: string | null; nickName: string; headImage: string };

export interface WechatProvider {
  readonly mode: 'simulator' | 'open';
  /**
   * The URL the QR code (or the browser) opens to start a login for this state. `origin` is where the
   * user reached the app (platform/public-origin.ts); the simulator's page lives there.
   */
  qrUrl(state: string, origin: string): string;
  /** Trades the code WeChat sent back to /wxAuth for the user's profile. */
  exchange(code: string, state: string): Promise<WechatProfile>;
}

export class WechatExchangeError extends Error {}
