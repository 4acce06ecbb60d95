/**
 * Issue 46.4: reminders a member opted into by SMS go through the configured provider's notice
 * template, against the same signature-checking fakes as the codes (sms-providers.test.ts). A provider
 * without a notice template offers no `sendNotice`, so the notice stays in the app.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Code } from '@studio/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhone } from '../../../test/factories.ts';
import {
  ALIYUN_SMS_ENV,
  aliyunOptions,
  fakeAliyunSms,
  fakeTencentSms,
  TENCENT_SMS_ENV,
  tencentOptions,
} from '../../../test/fake-sms-providers.ts';
import { loadConfig } from '../../config.ts';
import { ALIYUN_VARIABLE_MAX, AliyunSmsProvider } from './aliyun-sms.ts';
import { HttpSmsProvider } from './http-sms.ts';
import { SmsRefused } from './sms-provider.ts';
import { smsProviderFor } from './sms-providers.ts';
import { TencentSmsProvider } from './tencent-sms.ts';

const log = pino({ level: 'silent' });
const REMINDER = '【学习提醒】学习任务「新员工入职培训」将于 2026-12-01 截止，请尽快完成。';

describe('Aliyun notices', () => {
  let fake: Awaited<ReturnType<typeof fakeAliyunSms>>;
  const options = () => aliyunOptions(fake);
  beforeAll(async () => {
    fake = await fakeAliyunSms();
  });
  afterAll(() => fake.close());

  it('sends the text in the notice template, cut to the variable limit; the signed request verifies', async () => {
    const sms = new AliyunSmsProvider(
      { ...options(), notice: { templateCode: 'SMS_NOTICE', templateParam: 'content' } },
      log,
    );
    const phone = newPhone();
    await sms.sendNotice!(phone, REMINDER);
    const request = fake.sent.at(-1)!;
    expect(request).toMatchObject({
      PhoneNumbers: phone,
      SignName: '课程工作室',
      TemplateCode: 'SMS_NOTICE',
    });
    const { content } = JSON.parse(request.TemplateParam!) as { content: string };
    expect([...content]).toHaveLength(ALIYUN_VARIABLE_MAX);
    expect(content).toBe([...REMINDER].slice(0, ALIYUN_VARIABLE_MAX - 1).join('') + '…');
    expect(fake.refused).toEqual([]);

    fake.answerNext({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limited' });
    await expect(sms.sendNotice!(phone, '短')).rejects.toMatchObject({
      refusal: Code.SMS_PROVIDER_LIMITED,
      providerCode: 'isv.BUSINESS_LIMIT_CONTROL',
    });
  });

  it('offers no notices without a notice template', () => {
    expect(new AliyunSmsProvider(options(), log).sendNotice).toBeUndefined();
  });
});

describe('Tencent Cloud notices', () => {
  let fake: Awaited<ReturnType<typeof fakeTencentSms>>;
  const options = () => tencentOptions(fake);
  beforeAll(async () => {
    fake = await fakeTencentSms();
  });
  afterAll(() => fake.close());

  it("sends the text as the notice template's one variable to the +86 number; the signed request verifies", async () => {
    const sms = new TencentSmsProvider({ ...options(), noticeTemplateId: '2220' }, log);
    const phone = newPhone();
    await sms.sendNotice!(phone, REMINDER);
    expect(fake.sent.at(-1)!.body).toMatchObject({
      PhoneNumberSet: [`+86${phone}`],
      TemplateId: '2220',
      TemplateParamSet: [REMINDER],
    });
    expect(fake.refused).toEqual([]);
  });

  it('offers no notices without a notice template', () => {
    expect(new TencentSmsProvider(options(), log).sendNotice).toBeUndefined();
  });
});

describe('HTTP gateway notices', () => {
  const received: { auth: string | undefined; body: unknown }[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString()) });
      res.writeHead(status).end();
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts {phone, text} with the bearer token; a refusal is the service being unavailable', async () => {
    const sms = new HttpSmsProvider(url, 'relay-token', log);
    const phone = newPhone();
    await sms.sendNotice(phone, REMINDER);
    expect(received.at(-1)).toEqual({ auth: 'Bearer relay-token', body: { phone, text: REMINDER } });
    status = 503;
    const refusal = await sms.sendNotice(phone, REMINDER).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(SmsRefused);
    expect(refusal).toMatchObject({ refusal: Code.SMS_SERVICE_UNAVAILABLE, providerCode: 'HTTP 503' });
  });
});

describe('notice templates from the configuration', () => {
  it('builds a provider that sends notices only when its notice template is named', () => {
    expect(smsProviderFor(loadConfig(ALIYUN_SMS_ENV), log).sendNotice).toBeUndefined();
    const withNotice = loadConfig({ ...ALIYUN_SMS_ENV, ALIYUN_SMS_NOTICE_TEMPLATE_CODE: 'SMS_2' });
    expect(withNotice.ALIYUN_SMS_NOTICE_TEMPLATE_PARAM).toBe('content');
    expect(smsProviderFor(withNotice, log).sendNotice).toBeTypeOf('function');
    expect(smsProviderFor(loadConfig(TENCENT_SMS_ENV), log).sendNotice).toBeUndefined();
    expect(
      smsProviderFor(loadConfig({ ...TENCENT_SMS_ENV, TENCENT_SMS_NOTICE_TEMPLATE_ID: '2220' }), log)
        .sendNotice,
    ).toBeTypeOf('function');
  });
});
