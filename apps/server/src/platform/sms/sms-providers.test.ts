/**
 * Issue 33, item 7: SMS through Aliyun's and Tencent Cloud's own SDKs, each against a fake of the
 * provider on 127.0.0.1 that verifies the SDK's signature by the provider's documented algorithm.
 * A refusal reaches the user as 10030–10032 in their language (never a 5xx) and the log as the
 * provider's code, without the keys.
 */
import { Code } from '@studio/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhone } from '../../../test/factories.ts';
import {
  ALIYUN_KEY,
  ALIYUN_SMS_ENV,
  aliyunOptions,
  fakeAliyunSms,
  fakeTencentSms,
  SMS_CONFIG_BASE,
  TENCENT_HOST,
  TENCENT_KEY,
  TENCENT_SMS_ENV,
  tencentOptions,
} from '../../../test/fake-sms-providers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import { AliyunSmsProvider } from './aliyun-sms.ts';
import type { SmsProvider } from './sms-provider.ts';
import { smsProviderFor } from './sms-providers.ts';
import { TencentSmsProvider } from './tencent-sms.ts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { log, text: () => lines.join('') };
}

async function appWith(sms: SmsProvider) {
  return createTestApp({}, { sms });
}

async function send(t: TestApp, phone: string, lang?: 'en-US') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sms/send',
    headers: { 'x-request-tkForm': 'pc', ...(lang ? { cookie: `lang=${lang}` } : {}) },
    payload: { phone, purpose: 'login' },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string }) };
}

const login = async (t: TestApp, phone: string, code: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/sms',
      headers: { 'x-request-tkForm': 'pc' },
      payload: { phone, code },
    })
  ).json() as { code: number };

const MESSAGES = {
  [Code.SMS_PROVIDER_LIMITED]: {
    zh: '该手机号接收短信过于频繁，请稍后再试或使用其他方式登录',
    en: 'This number has received too many text messages. Try again later or log in another way.',
  },
  [Code.SMS_PHONE_REFUSED]: {
    zh: '该手机号无法接收短信，请检查号码后重试',
    en: 'This number cannot receive text messages. Check it and try again.',
  },
  [Code.SMS_SERVICE_UNAVAILABLE]: {
    zh: '短信服务暂时不可用，请稍后再试或使用其他方式登录',
    en: 'The text message service is not available right now. Try again later or log in another way.',
  },
} as const;

/** Both languages of one refusal: each send on a new phone (the same phone would wait 60 s). */
async function expectRefusal(t: TestApp, script: () => void, code: keyof typeof MESSAGES) {
  for (const lang of [undefined, 'en-US'] as const) {
    script();
    const phone = newPhone();
    const res = await send(t, phone, lang);
    expect(res).toMatchObject({ status: 200, code, msg: MESSAGES[code][lang ? 'en' : 'zh'] });
    if (lang) expect(res.msg).not.toMatch(CJK);
    // The unsent code is void: asking again is not told 10005 (已发送).
    expect((await send(t, phone)).code).not.toBe(Code.SMS_ALREADY_SENT);
  }
}

describe('Aliyun SMS (SDK @alicloud/dysmsapi20170525, ACS3-HMAC-SHA256)', () => {
  let fake: Awaited<ReturnType<typeof fakeAliyunSms>>;
  let t: TestApp;
  const captured = capturedLog();
  const options = () => aliyunOptions(fake);
  beforeAll(async () => {
    fake = await fakeAliyunSms();
    t = await appWith(new AliyunSmsProvider(options(), captured.log));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('sends the code with the signature, template and phone; the signed request verifies and the code logs in', async () => {
    const phone = newPhone();
    expect(await send(t, phone)).toMatchObject({ status: 200, code: Code.OK });
    const request = fake.sent.at(-1)!;
    expect(request).toMatchObject({
      PhoneNumbers: phone,
      SignName: '课程工作室',
      TemplateCode: 'SMS_123456789',
    });
    const { code } = JSON.parse(request.TemplateParam!) as { code: string };
    expect(code).toMatch(/^\d{6}$/);
    expect(fake.refused).toEqual([]);
    expect((await login(t, phone, code)).code).toBe(Code.OK);
  });

  it("turns the provider's refusals into clear codes and messages, and logs the provider's code without the keys", async () => {
    const cases = [
      ['isv.BUSINESS_LIMIT_CONTROL', Code.SMS_PROVIDER_LIMITED],
      ['isv.MOBILE_NUMBER_ILLEGAL', Code.SMS_PHONE_REFUSED],
      ['isv.AMOUNT_NOT_ENOUGH', Code.SMS_SERVICE_UNAVAILABLE],
      ['isv.SMS_TEMPLATE_ILLEGAL', Code.SMS_SERVICE_UNAVAILABLE],
    ] as const;
    for (const [providerCode, code] of cases) {
      await expectRefusal(
        t,
        () => fake.answerNext({ Code: providerCode, Message: '触发号码天级流控' }),
        code,
      );
      expect(captured.text()).toContain(`"providerCode":"${providerCode}"`);
    }
    expect(captured.text()).not.toContain(ALIYUN_KEY.secret);
    expect(captured.text()).not.toContain('Signature=');
  });

  it('a request the fake cannot verify (wrong secret) and an address that does not answer are the service being unavailable', async () => {
    const wrong = capturedLog();
    const badKey = await appWith(
      new AliyunSmsProvider({ ...options(), accessKeySecret: 'not-the-secret' }, wrong.log),
    );
    const down = capturedLog();
    const closed = await fakeAliyunSms();
    await closed.close();
    const unreachable = await appWith(
      new AliyunSmsProvider({ ...options(), endpoint: closed.endpoint }, down.log),
    );
    try {
      expect(await send(badKey, newPhone())).toMatchObject({
        status: 200,
        code: Code.SMS_SERVICE_UNAVAILABLE,
      });
      expect(fake.refused).toContain('SignatureDoesNotMatch');
      expect(wrong.text()).toContain('"providerCode":"SignatureDoesNotMatch"');
      expect(wrong.text()).not.toContain('not-the-secret');
      const phone = newPhone();
      expect(await send(unreachable, phone)).toMatchObject({
        status: 200,
        code: Code.SMS_SERVICE_UNAVAILABLE,
      });
      expect(down.text()).toContain('"providerCode":"ECONNREFUSED"');
      // The SDK's message names the URL, whose query holds the phone and the code: never logged.
      expect(down.text()).not.toContain(phone);
      expect(down.text()).not.toContain('TemplateParam');
    } finally {
      await badKey.close();
      await unreachable.close();
    }
  });
});

describe('Tencent Cloud SMS (SDK tencentcloud-sdk-nodejs-sms, TC3-HMAC-SHA256)', () => {
  let fake: Awaited<ReturnType<typeof fakeTencentSms>>;
  let t: TestApp;
  const captured = capturedLog();
  const options = () => tencentOptions(fake);
  beforeAll(async () => {
    fake = await fakeTencentSms();
    t = await appWith(new TencentSmsProvider(options(), captured.log));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('sends the code and its minutes to the +86 number; the signed request verifies and the code logs in', async () => {
    const phone = newPhone();
    expect(await send(t, phone)).toMatchObject({ status: 200, code: Code.OK });
    const request = fake.sent.at(-1)!;
    expect(request.headers.host).toBe(TENCENT_HOST);
    expect(request.headers['x-tc-action']).toBe('SendSms');
    expect(request.headers['x-tc-version']).toBe('2021-01-11');
    expect(request.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(request.body).toMatchObject({
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: '1400006666',
      SignName: '课程工作室',
      TemplateId: '1110',
    });
    const [code, minutes] = request.body.TemplateParamSet as [string, string];
    expect([code, minutes]).toEqual([expect.stringMatching(/^\d{6}$/), '5']);
    expect(fake.refused).toEqual([]);
    expect((await login(t, phone, code)).code).toBe(Code.OK);
  });

  it("turns refused sends and refused requests into clear codes and messages, logging the provider's code without the keys", async () => {
    const message = 'refused';
    await expectRefusal(
      t,
      () => fake.statusNext({ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: message }),
      Code.SMS_PROVIDER_LIMITED,
    );
    await expectRefusal(
      t,
      () => fake.errorNext({ Code: 'LimitExceeded.PhoneNumberThirtySecondLimit', Message: message }),
      Code.SMS_PROVIDER_LIMITED,
    );
    await expectRefusal(
      t,
      () => fake.statusNext({ Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: message }),
      Code.SMS_PHONE_REFUSED,
    );
    await expectRefusal(
      t,
      () => fake.errorNext({ Code: 'FailedOperation.InsufficientBalanceInSmsPackage', Message: message }),
      Code.SMS_SERVICE_UNAVAILABLE,
    );
    await expectRefusal(
      t,
      () => fake.statusNext({ Code: 'FailedOperation.TemplateIncorrectOrUnapproved', Message: message }),
      Code.SMS_SERVICE_UNAVAILABLE,
    );
    for (const providerCode of [
      'LimitExceeded.PhoneNumberDailyLimit',
      'LimitExceeded.PhoneNumberThirtySecondLimit',
      'InvalidParameterValue.IncorrectPhoneNumber',
      'FailedOperation.InsufficientBalanceInSmsPackage',
      'FailedOperation.TemplateIncorrectOrUnapproved',
    ]) {
      expect(captured.text()).toContain(`"providerCode":"${providerCode}"`);
    }
    expect(captured.text()).not.toContain(TENCENT_KEY.secret);
  });

  it('a request the fake cannot verify (wrong secret key) is the service being unavailable', async () => {
    const wrong = capturedLog();
    const badKey = await appWith(
      new TencentSmsProvider({ ...options(), secretKey: 'not-the-key' }, wrong.log),
    );
    try {
      expect(await send(badKey, newPhone())).toMatchObject({
        status: 200,
        code: Code.SMS_SERVICE_UNAVAILABLE,
      });
      expect(fake.refused).toContain('AuthFailure.SignatureFailure');
      expect(wrong.text()).toContain('"providerCode":"AuthFailure.SignatureFailure"');
      expect(wrong.text()).not.toContain('not-the-key');
    } finally {
      await badKey.close();
    }
  });
});

describe('SMS_PROVIDER', () => {
  it('stays console by default and builds the named adapter when its settings are there', () => {
    const { log } = capturedLog();
    expect(smsProviderFor(loadConfig(SMS_CONFIG_BASE), log).name).toBe('console');
    expect(smsProviderFor(loadConfig(ALIYUN_SMS_ENV), log).name).toBe('aliyun');
    const config = loadConfig(TENCENT_SMS_ENV);
    expect(config.TENCENT_SMS_TEMPLATE_PARAMS).toEqual(['code', 'minutes']);
    expect(smsProviderFor(config, log).name).toBe('tencent');
    expect(() => loadConfig({ ...SMS_CONFIG_BASE, SMS_PROVIDER: 'aliyun' })).toThrow(
      /ALIYUN_SMS_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ ...TENCENT_SMS_ENV, TENCENT_SMS_SECRET_KEY: '' })).toThrow(
      /TENCENT_SMS_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...TENCENT_SMS_ENV, TENCENT_SMS_TEMPLATE_PARAMS: 'code,name' })).toThrow();
  });
});
