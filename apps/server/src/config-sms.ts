/** Who sends SMS codes and notices (the log, a relay, Aliyun, Tencent Cloud) and how often; part of config.ts's schema. */
import { z } from 'zod';
import { optionalUrl, type ConfigRules } from './config-common.ts';

/** What a Tencent SMS template's variables may be filled with, in the template's order. */
export const TENCENT_TEMPLATE_PARAMS = ['code', 'minutes'] as const;
export type TencentTemplateParam = (typeof TENCENT_TEMPLATE_PARAMS)[number];

export const SMS_ENV = {
  /** SMS codes one address may ask for in an hour (every phone together). */
  SMS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Who sends the codes: the log (`console`), a relay of one's own (`http`), Aliyun or Tencent Cloud. */
  SMS_PROVIDER: z.enum(['console', 'http', 'aliyun', 'tencent']).default('console'),
  SMS_HTTP_URL: optionalUrl,
  SMS_HTTP_TOKEN: z.string().optional(),
  /** Aliyun SMS (SendSms): a RAM user's AccessKey, an approved signature and template (`${code}`). */
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** The template's variable the code fills. */
  ALIYUN_SMS_TEMPLATE_PARAM: z
    .string()
    .regex(/^\w{1,32}$/)
    .default('code'),
  ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com'),
  /** An approved notice template (reminders members opted into by SMS) and its one variable. */
  ALIYUN_SMS_NOTICE_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_NOTICE_TEMPLATE_PARAM: z
    .string()
    .regex(/^\w{1,32}$/)
    .default('content'),
  /** Tencent Cloud SMS (SendSms 2021-01-11): an API key, the SMS app, an approved signature and template. */
  TENCENT_SMS_SECRET_ID: z.string().optional(),
  TENCENT_SMS_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().optional(),
  TENCENT_SMS_SIGN_NAME: z.string().optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
  /** The template's variables in order, comma-separated: `code`, and `minutes` (the code's lifetime). */
  TENCENT_SMS_TEMPLATE_PARAMS: z
    .string()
    .default('code')
    .transform((v) => v.split(',').map((p) => p.trim()))
    .pipe(z.array(z.enum(TENCENT_TEMPLATE_PARAMS)).min(1).max(2)),
  /** An approved notice template whose one variable ({1}) the reminder's text fills. */
  TENCENT_SMS_NOTICE_TEMPLATE_ID: z.string().optional(),
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z.url().default('https://sms.tencentcloudapi.com'),
};

export const smsRules: ConfigRules<z.infer<z.ZodObject<typeof SMS_ENV>>> = (env, { need }) => {
  need(env.SMS_PROVIDER === 'http', ['SMS_HTTP_URL'], 'SMS_PROVIDER=http');
  need(
    env.SMS_PROVIDER === 'aliyun',
    [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ],
    'SMS_PROVIDER=aliyun',
  );
  need(
    env.SMS_PROVIDER === 'tencent',
    [
      'TENCENT_SMS_SECRET_ID',
      'TENCENT_SMS_SECRET_KEY',
      'TENCENT_SMS_SDK_APP_ID',
      'TENCENT_SMS_SIGN_NAME',
      'TENCENT_SMS_TEMPLATE_ID',
    ],
    'SMS_PROVIDER=tencent',
  );
};
