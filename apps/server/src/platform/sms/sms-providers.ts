/** The SMS adapter `SMS_PROVIDER` names, built from its config (the variables are in docs/deploy.md). */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AliyunSmsProvider } from './aliyun-sms.ts';
import { ConsoleSmsProvider } from './console-sms.ts';
import { HttpSmsProvider } from './http-sms.ts';
import type { SmsProvider } from './sms-provider.ts';
import { TencentSmsProvider } from './tencent-sms.ts';

export function smsProviderFor(config: Config, log: FastifyBaseLogger): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case 'http':
      return new HttpSmsProvider(config.SMS_HTTP_URL!, config.SMS_HTTP_TOKEN, log);
    case 'aliyun':
      return new AliyunSmsProvider(
        {
          accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID!,
          accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET!,
          signName: config.ALIYUN_SMS_SIGN_NAME!,
          templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
          templateParam: config.ALIYUN_SMS_TEMPLATE_PARAM,
          endpoint: config.ALIYUN_SMS_ENDPOINT,
          notice: config.ALIYUN_SMS_NOTICE_TEMPLATE_CODE
            ? {
                templateCode: config.ALIYUN_SMS_NOTICE_TEMPLATE_CODE,
                templateParam: config.ALIYUN_SMS_NOTICE_TEMPLATE_PARAM,
              }
            : undefined,
        },
        log,
      );
    case 'tencent':
      return new TencentSmsProvider(
        {
          secretId: config.TENCENT_SMS_SECRET_ID!,
          secretKey: config.TENCENT_SMS_SECRET_KEY!,
          sdkAppId: config.TENCENT_SMS_SDK_APP_ID!,
          signName: config.TENCENT_SMS_SIGN_NAME!,
          templateId: config.TENCENT_SMS_TEMPLATE_ID!,
          templateParams: config.TENCENT_SMS_TEMPLATE_PARAMS,
          region: config.TENCENT_SMS_REGION,
          endpoint: config.TENCENT_SMS_ENDPOINT,
          noticeTemplateId: config.TENCENT_SMS_NOTICE_TEMPLATE_ID,
        },
        log,
      );
    case 'console':
      return new ConsoleSmsProvider(log);
  }
}
