/**
 * Fake Aliyun and Tencent Cloud SMS services on 127.0.0.1. Each checks the request the provider's SDK
 * signed, by the provider's documented algorithm written out here (not the SDK's code): Aliyun's V3
 * signature (ACS3-HMAC-SHA256) and Tencent Cloud's TC3-HMAC-SHA256. A request that does not verify
 * gets the provider's own refusal; one that does gets the next scripted answer (success by default),
 * and what it asked for is recorded.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { AliyunSmsOptions } from '../src/platform/sms/aliyun-sms.ts';
import type { TencentSmsOptions } from '../src/platform/sms/tencent-sms.ts';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 percent-encoding, as both providers' canonical query strings use it. */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

type Received = { headers: http.IncomingHttpHeaders; url: string; body: string };

async function listen(handle: (req: Received) => { status: number; body: unknown }) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = handle({
        headers: req.headers,
        url: req.url ?? '/',
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const header = (h: http.IncomingHttpHeaders, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v.join(',') : (v ?? '');
};

export const ALIYUN_KEY = { id: 'LTAI5tFakeAccessKeyId', secret: 'fake-aliyun-secret-never-logged' };

export type AliyunAnswer = { Code: string; Message: string };
export type AliyunSent = Record<string, string>;

/** Aliyun dysmsapi: `POST /` with the action's parameters in the query, signed in `Authorization`. */
export async function fakeAliyunSms() {
  const sent: AliyunSent[] = [];
  const script: AliyunAnswer[] = [];
  const refused: string[] = [];
  const requestId = () => randomUUID().toUpperCase();

  const verify = (req: Received): { status: number; Code: string; Message: string } | null => {
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      header(req.headers, 'authorization'),
    );
    if (!auth)
      return {
        status: 400,
        Code: 'IncompleteSignature',
        Message: 'The request signature does not conform to Aliyun standards.',
      };
    const [, keyId, signedList, signature] = auth as unknown as [string, string, string, string];
    if (keyId !== ALIYUN_KEY.id)
      return {
        status: 404,
        Code: 'InvalidAccessKeyId.NotFound',
        Message: 'Specified access key is not found.',
      };
    const signed = signedList.split(';');
    const mustSign = [
      'host',
      'x-acs-action',
      'x-acs-content-sha256',
      'x-acs-date',
      'x-acs-signature-nonce',
      'x-acs-version',
    ];
    if (mustSign.some((h) => !signed.includes(h)) || [...signed].sort().join(';') !== signedList) {
      return {
        status: 400,
        Code: 'IncompleteSignature',
        Message: 'SignedHeaders is incomplete or not sorted.',
      };
    }
    const date = Date.parse(header(req.headers, 'x-acs-date'));
    if (!(Math.abs(Date.now() - date) < 15 * 60_000))
      return {
        status: 400,
        Code: 'InvalidTimeStamp.Expired',
        Message: 'Specified time stamp or date value is expired.',
      };
    const payloadHash = sha256(req.body);
    if (header(req.headers, 'x-acs-content-sha256') !== payloadHash) {
      return { status: 400, Code: 'SignatureDoesNotMatch', Message: 'The payload hash does not match.' };
    }
    const [path, rawQuery = ''] = req.url.split('?') as [string, string?];
    const canonicalQuery = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const [k, v = ''] = pair.split('=') as [string, string?];
        return [rfc3986(decodeURIComponent(k)), rfc3986(decodeURIComponent(v))] as const;
      })
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalHeaders = signed.map((h) => `${h}:${header(req.headers, h).trim()}\n`).join('');
    const canonicalRequest = ['POST', path, canonicalQuery, canonicalHeaders, signedList, payloadHash].join(
      '\n',
    );
    const stringToSign = `ACS3-HMAC-SHA256\n${sha256(canonicalRequest)}`;
    const expected = hmac(ALIYUN_KEY.secret, stringToSign).toString('hex');
    if (expected !== signature)
      return {
        status: 400,
        Code: 'SignatureDoesNotMatch',
        Message: 'Specified signature is not matched with our calculation.',
      };
    return null;
  };

  const { server, port } = await listen((req) => {
    const refusal = verify(req);
    if (refusal) {
      refused.push(refusal.Code);
      return {
        status: refusal.status,
        body: { Code: refusal.Code, Message: refusal.Message, RequestId: requestId() },
      };
    }
    const params = Object.fromEntries(new URLSearchParams(req.url.split('?')[1] ?? ''));
    sent.push({ ...params, ...Object.fromEntries(new URLSearchParams(req.body)) });
    const answer = script.shift() ?? { Code: 'OK', Message: 'OK' };
    return {
      status: 200,
      body: {
        ...answer,
        RequestId: requestId(),
        BizId: answer.Code === 'OK' ? '9006197469364984400' : undefined,
      },
    };
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    sent,
    refused,
    /** The next send gets this answer (Aliyun refuses a send with HTTP 200 and its code). */
    answerNext: (answer: AliyunAnswer) => script.push(answer),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const TENCENT_KEY = { id: 'AKIDFakeTencentSecretId', secret: 'fake-tencent-secret-never-logged' };
/** The production host: the SDK signs its first label as the service and the host name without a port. */
export const TENCENT_HOST = 'sms.tencentcloudapi.com';

export type TencentStatus = { Code: string; Message: string };
export type TencentSent = { headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

/**
 * Tencent Cloud SMS: `POST /` with a JSON body, the action in `X-TC-Action`, signed in `Authorization`.
 * `agent` routes the SDK's connections for `http://sms.tencentcloudapi.com` here (see the test).
 */
export async function fakeTencentSms() {
  const sent: TencentSent[] = [];
  const script: ({ error: TencentStatus } | { status: TencentStatus })[] = [];
  const refused: string[] = [];

  const verify = (req: Received): TencentStatus | null => {
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        header(req.headers, 'authorization'),
      );
    if (!auth) return { Code: 'AuthFailure.InvalidAuthorization', Message: 'Authorization is invalid.' };
    const [, secretId, date, service, signedList, signature] = auth as unknown as string[] as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (secretId !== TENCENT_KEY.id)
      return { Code: 'AuthFailure.SecretIdNotFound', Message: 'The SecretId is not found.' };
    const timestamp = Number(header(req.headers, 'x-tc-timestamp'));
    if (!(Math.abs(Date.now() / 1000 - timestamp) < 300))
      return { Code: 'AuthFailure.SignatureExpire', Message: 'Signature expired.' };
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date || service !== 'sms') {
      return { Code: 'AuthFailure.SignatureFailure', Message: 'The credential scope is wrong.' };
    }
    const signed = signedList.split(';');
    if (!signed.includes('content-type') || !signed.includes('host')) {
      return { Code: 'AuthFailure.SignatureFailure', Message: 'content-type and host must be signed.' };
    }
    const [path, query = ''] = req.url.split('?') as [string, string?];
    const canonicalHeaders = signed
      .map((h) => `${h}:${header(req.headers, h).trim().toLowerCase()}\n`)
      .join('');
    const canonicalRequest = ['POST', path, query, canonicalHeaders, signedList, sha256(req.body)].join('\n');
    const scope = `${date}/${service}/tc3_request`;
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonicalRequest)}`;
    const key = hmac(hmac(hmac(`TC3${TENCENT_KEY.secret}`, date), service), 'tc3_request');
    if (hmac(key, stringToSign).toString('hex') !== signature) {
      return {
        Code: 'AuthFailure.SignatureFailure',
        Message: 'The provided credentials could not be validated.',
      };
    }
    return null;
  };

  const { server, port } = await listen((req) => {
    const RequestId = randomUUID();
    const refusal = verify(req);
    if (refusal) {
      refused.push(refusal.Code);
      return { status: 200, body: { Response: { Error: refusal, RequestId } } };
    }
    const body = JSON.parse(req.body) as { PhoneNumberSet: string[] };
    sent.push({ headers: req.headers, body });
    const next = script.shift() ?? { status: { Code: 'Ok', Message: 'send success' } };
    if ('error' in next) return { status: 200, body: { Response: { Error: next.error, RequestId } } };
    const SendStatusSet = body.PhoneNumberSet.map((PhoneNumber) => ({
      SerialNo: '5000:1045710669157053657849499619',
      PhoneNumber,
      Fee: 1,
      SessionContext: '',
      ...next.status,
      IsoCode: 'CN',
    }));
    return { status: 200, body: { Response: { SendStatusSet, RequestId } } };
  });
  /** Connects whatever host the SDK asks for to the fake (the SDK's `httpProfile.agent`). */
  class ToFake extends http.Agent {
    override createConnection(): net.Socket {
      return net.connect(port, '127.0.0.1');
    }
  }
  return {
    endpoint: `http://${TENCENT_HOST}`,
    agent: new ToFake(),
    sent,
    refused,
    /** The next send's status in the answer (a refused send). */
    statusNext: (status: TencentStatus) => script.push({ status }),
    /** The next request's `Response.Error` (a refused request: limits, balance, keys). */
    errorNext: (error: TencentStatus) => script.push({ error }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Aliyun adapter's options against a fake: the keys it checks, its address. */
export const aliyunOptions = (fake: { endpoint: string }) =>
  ({
    accessKeyId: ALIYUN_KEY.id,
    accessKeySecret: ALIYUN_KEY.secret,
    signName: '课程工作室',
    templateCode: 'SMS_123456789',
    templateParam: 'code',
    endpoint: fake.endpoint,
  }) satisfies AliyunSmsOptions;

/**
 * The Tencent adapter's options against a fake. The production host over http: the SDK signs for the
 * service named by the endpoint's first label and the host without its port, so `127.0.0.1:port`
 * would be signed for service "127"; the SDK's own `httpProfile.agent` takes the connection to the
 * fake instead.
 */
export const tencentOptions = (fake: { endpoint: string; agent: http.Agent }) =>
  ({
    secretId: TENCENT_KEY.id,
    secretKey: TENCENT_KEY.secret,
    sdkAppId: '1400006666',
    signName: '课程工作室',
    templateId: '1110',
    templateParams: ['code', 'minutes'] as const,
    region: 'ap-guangzhou',
    endpoint: fake.endpoint,
    agent: fake.agent,
  }) satisfies TencentSmsOptions;

/** The environment loadConfig reads: no provider (the console), and each provider's required settings. */
export const SMS_CONFIG_BASE = { NODE_ENV: 'test', DATA_DIR: '/tmp/studio-sms-config' };
export const ALIYUN_SMS_ENV = {
  ...SMS_CONFIG_BASE,
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '课程工作室',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
};
export const TENCENT_SMS_ENV = {
  ...SMS_CONFIG_BASE,
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'id',
  TENCENT_SMS_SECRET_KEY: 'key',
  TENCENT_SMS_SDK_APP_ID: '1400006666',
  TENCENT_SMS_SIGN_NAME: '课程工作室',
  TENCENT_SMS_TEMPLATE_ID: '1110',
  TENCENT_SMS_TEMPLATE_PARAMS: 'code, minutes',
};
