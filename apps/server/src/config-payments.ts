/** Who takes payments (the sandbox, WeChat Pay, Alipay), their keys, and refunds; part of config.ts's schema. */
import { z } from 'zod';
import { bool, type ConfigRules } from './config-common.ts';
import type { WechatEnv } from './config-wechat.ts';

export const PAY_PROVIDERS = ['sandbox', 'wechat', 'alipay'] as const;
export type PayProviderName = (typeof PAY_PROVIDERS)[number];

export const PAYMENTS_ENV = {
  /**
   * The payment providers offered, comma-separated, the first the default: `sandbox` (alone), or
   * any of `wechat` and `alipay` (the buyer chooses on the pay page when there are several).
   */
  PAY_PROVIDER: z
    .string()
    .default('sandbox')
    .transform((v) => v.split(',').map((p) => p.trim()))
    .pipe(
      z
        .array(z.enum(PAY_PROVIDERS))
        .min(1)
        .refine((list) => new Set(list).size === list.length, { error: 'a provider is listed twice' })
        .refine((list) => !list.includes('sandbox') || list.length === 1, {
          error: 'sandbox cannot be combined with a real provider',
        }),
    ),
  WECHATPAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com'),
  WECHATPAY_APP_ID: z.string().optional(),
  WECHATPAY_MCH_ID: z.string().optional(),
  WECHATPAY_SERIAL_NO: z.string().optional(),
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  /** Replaced (it named no key id): WECHATPAY_PUBLIC_KEY + WECHATPAY_PUBLIC_KEY_ID, or platform certificates. */
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  /**
   * 微信支付公钥 mode: the platform public key(s), PEM, and their ids (`PUB_KEY_ID_…`), comma-separated
   * in the same order; two while WeChat Pay replaces one.
   */
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY_ID: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((id) => id.trim()) : [])),
  /**
   * Platform certificate mode (download /v3/certificates, refreshed every 12 h and when a serial is
   * unknown): on by default without WECHATPAY_PUBLIC_KEY; on beside it while switching between modes.
   */
  WECHATPAY_PLATFORM_CERTIFICATES: bool.optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32, { error: 'must be 32 characters' }).optional(),
  /** Alipay (face-to-face QR, alipay.trade.precreate): the app's id, its RSA2 private key, Alipay's public key. */
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  /** Days after payment in which a buyer team may ask for a refund. */
  REFUND_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(7),
};

/** The PEM public keys in WECHATPAY_PUBLIC_KEY, in order. */
export const wechatPublicKeys = (pem: string): string[] =>
  pem.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? [];

type PaymentsEnv = z.infer<z.ZodObject<typeof PAYMENTS_ENV>> & WechatEnv;

export const paymentsRules: ConfigRules<PaymentsEnv> = (env, { need, issue }) => {
  need(
    env.PAY_PROVIDER.includes('wechat'),
    [
      'WECHATPAY_APP_ID',
      'WECHATPAY_MCH_ID',
      'WECHATPAY_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_API_V3_KEY',
    ],
    'PAY_PROVIDER=wechat',
  );
  // JSAPI pays as the 公众号's openid, which belongs to the 公众号's appid: WeChat Pay must use that one.
  if (
    env.PAY_PROVIDER.includes('wechat') &&
    env.WECHAT_MP_MODE === 'mp' &&
    env.WECHATPAY_APP_ID &&
    env.WECHAT_MP_APP_ID &&
    env.WECHATPAY_APP_ID !== env.WECHAT_MP_APP_ID
  )
    issue(
      'WECHATPAY_APP_ID',
      'must be WECHAT_MP_APP_ID when WECHAT_MP_MODE=mp (WeChat Pay JSAPI pays as the 公众号 openid, which belongs to that appid)',
    );
  if (env.WECHATPAY_PLATFORM_PUBLIC_KEY)
    issue(
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      'replaced: set WECHATPAY_PUBLIC_KEY and WECHATPAY_PUBLIC_KEY_ID (微信支付公钥), or neither to download platform certificates',
    );
  const keys = wechatPublicKeys(env.WECHATPAY_PUBLIC_KEY ?? '');
  if (keys.length !== env.WECHATPAY_PUBLIC_KEY_ID.length)
    issue(
      'WECHATPAY_PUBLIC_KEY_ID',
      `one id per key in WECHATPAY_PUBLIC_KEY (${keys.length} keys, ${env.WECHATPAY_PUBLIC_KEY_ID.length} ids)`,
    );
  if (env.WECHATPAY_PLATFORM_CERTIFICATES === false && keys.length === 0)
    issue(
      'WECHATPAY_PLATFORM_CERTIFICATES',
      'WeChat Pay needs platform certificates or WECHATPAY_PUBLIC_KEY',
    );
  need(
    env.PAY_PROVIDER.includes('alipay'),
    ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
    'PAY_PROVIDER includes alipay',
  );
};
