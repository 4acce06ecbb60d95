/** WeChat login: the Open Platform's QR code and the 公众号's 网页授权, real or simulated; part of config.ts's schema. */
import { z } from 'zod';
import type { ConfigRules } from './config-common.ts';

export const WECHAT_ENV = {
  WECHAT_MODE: z.enum(['simulator', 'open']).default('simulator'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_OPEN_BASE_URL: z.url().default('https://open.weixin.qq.com'),
  WECHAT_API_BASE_URL: z.url().default('https://api.weixin.qq.com'),
  /** 公众号 网页授权 (login inside WeChat, the openid for WeChat Pay JSAPI): simulator, or `mp` (real). */
  WECHAT_MP_MODE: z.enum(['simulator', 'mp']).default('simulator'),
  WECHAT_MP_APP_ID: z.string().optional(),
  WECHAT_MP_APP_SECRET: z.string().optional(),
};
export type WechatEnv = z.infer<z.ZodObject<typeof WECHAT_ENV>>;

export const wechatRules: ConfigRules<WechatEnv> = (env, { need }) => {
  need(env.WECHAT_MODE === 'open', ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'], 'WECHAT_MODE=open');
  need(env.WECHAT_MP_MODE === 'mp', ['WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET'], 'WECHAT_MP_MODE=mp');
};
