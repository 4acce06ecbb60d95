/** The adapters the config picks, built once and handed to every module. */
import { BackgroundTasks } from './background.ts';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { wechatPublicKeys, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { smsProviderFor } from './sms/sms-providers.ts';
import type { CourseGenerator } from './ai/course-generator.ts';
import { LazyOpenAiGenerator } from './ai/lazy-generator.ts';
import { TemplateGenerator } from './ai/template-generator.ts';
import { DomainEvents } from './domain-events.ts';
import { Providers } from './providers.ts';
import type { EventBus } from './events.ts';
import type { JobQueue } from './jobs.ts';
import type { Metrics } from './metrics.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { AlipayProvider } from './payments/alipay.ts';
import { SandboxPaymentProvider } from './payments/sandbox-payment.ts';
import { WechatPayProvider } from './payments/wechat-pay.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { LocalFileStorage } from './storage/local-storage.ts';
import { S3FileStorage } from './storage/s3-storage.ts';
import { OpenWechatProvider } from './wechat/open-wechat.ts';
import { SimulatedWechatProvider, type SimulatedLoginLookup } from './wechat/simulated-wechat.ts';
import type { WechatProvider } from './wechat/wechat-provider.ts';
import { HttpMpJsapi, SimulatedMpJsapi, type MpJsapi } from './wechat/mp-jsapi.ts';
import { HttpMpOAuth, SimulatedMpOAuth, type MpOAuth, type SimulatedMpLookup } from './wechat/mp-oauth.ts';

export type AppContext = {
  config: Config;
  db: Db;
  /** Where the store search reads: `db`, or a read replica's pool when SEARCH_DATABASE_URL is set. */
  searchDb: Db;
  /**
   * The same database through a pool that plans each prepared statement once for any values: the
   * store search's fixed shapes (search.prepared.ts). `searchDb` itself when no URL is known.
   */
  searchGenericDb: Db;
  sms: SmsProvider;
  wechat: WechatProvider;
  /** 公众号 网页授权 (platform/wechat/mp-oauth.ts). */
  wechatMp: MpOAuth;
  /** The 公众号's access_token and jsapi_ticket (JSSDK share cards; cached by modules/auth). */
  wechatMpJsapi: MpJsapi;
  storage: FileStorage;
  /** The default provider (PAY_PROVIDER's first): new orders start with it. */
  payments: PaymentProvider;
  /** Every configured provider by name, in PAY_PROVIDER's order: the buyer chooses among them. */
  paymentProviders: ReadonlyMap<string, PaymentProvider>;
  /** The sandbox's own pages need its signing helpers; null when a real provider is configured. */
  sandbox: SandboxPaymentProvider | null;
  /** Durable jobs; null when JOBS_ENABLED=false (reads still work: expiry is also computed on read). */
  jobs: JobQueue | null;
  /** Cross-process notifications (LISTEN/NOTIFY); null in a process without a database URL. */
  events: EventBus | null;
  /** In-transaction domain events (a course released, a team renamed): who publishes, who listens. */
  domainEvents: DomainEvents;
  generator: CourseGenerator;
  metrics: Metrics | null;
  /** In-process work when `jobs` is null; the app waits for it on close. */
  background: BackgroundTasks;
  /**
   * Upward queries: what a higher module offers a lower one (media's durations, collab's live
   * lessons, comments' release warnings), registered by the owner's face (platform/providers.ts).
   */
  providers: Providers;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's context (app.ts decorates the root instance): see teamCtxOf in auth.ts. */
    ctx: AppContext;
  }
}

/**
 * What adapters need from the modules, handed in by app.ts when it builds the app: platform code
 * calls these and never imports a module.
 */
export type PlatformPorts = {
  /** The WeChat simulator's recorded login (modules/auth/wechat-states.repo.ts). */
  findSimulatedLogin: SimulatedLoginLookup;
  /** The 公众号 simulator's recorded authorisation, by code. */
  findSimulatedMpLogin: SimulatedMpLookup;
};

export type ContextOverrides = Partial<
  Pick<AppContext, 'sms' | 'wechat' | 'wechatMp' | 'wechatMpJsapi' | 'storage' | 'generator'>
>;

export function createContext(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  ports: PlatformPorts,
  overrides: ContextOverrides = {},
): AppContext {
  const sms = smsProviderFor(config, log);
  const wechat =
    config.WECHAT_MODE === 'open'
      ? new OpenWechatProvider({
          appId: config.WECHAT_APP_ID!,
          appSecret: config.WECHAT_APP_SECRET!,
          openBaseUrl: config.WECHAT_OPEN_BASE_URL,
          apiBaseUrl: config.WECHAT_API_BASE_URL,
          // WeChat sends the browser back here: the address registered with it, never a request's host.
          redirectUri: `${config.publicUrl}/wxAuth`,
        })
      : new SimulatedWechatProvider(ports.findSimulatedLogin);
  const wechatMp =
    overrides.wechatMp ??
    (config.WECHAT_MP_MODE === 'mp'
      ? new HttpMpOAuth('mp', {
          appId: config.WECHAT_MP_APP_ID!,
          appSecret: config.WECHAT_MP_APP_SECRET!,
          openBaseUrl: config.WECHAT_OPEN_BASE_URL,
          apiBaseUrl: config.WECHAT_API_BASE_URL,
        })
      : new SimulatedMpOAuth(ports.findSimulatedMpLogin));
  const wechatMpJsapi =
    overrides.wechatMpJsapi ??
    (config.WECHAT_MP_MODE === 'mp'
      ? new HttpMpJsapi({
          appId: config.WECHAT_MP_APP_ID!,
          appSecret: config.WECHAT_MP_APP_SECRET!,
          apiBaseUrl: config.WECHAT_API_BASE_URL,
        })
      : new SimulatedMpJsapi());
  const storage =
    config.storage === 's3'
      ? new S3FileStorage({
          endpoint: config.S3_ENDPOINT,
          region: config.S3_REGION,
          bucket: config.S3_BUCKET!,
          accessKeyId: config.S3_ACCESS_KEY_ID!,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        })
      : new LocalFileStorage(path.join(config.dataDir, 'uploads'));
  const sandbox = config.PAY_PROVIDER.includes('sandbox') ? new SandboxPaymentProvider(db) : null;
  const build = (name: (typeof config.PAY_PROVIDER)[number]): PaymentProvider => {
    if (name === 'sandbox') return sandbox!;
    if (name === 'alipay')
      return new AlipayProvider({
        gateway: config.ALIPAY_GATEWAY,
        appId: config.ALIPAY_APP_ID!,
        privateKey: config.ALIPAY_PRIVATE_KEY!,
        alipayPublicKey: config.ALIPAY_PUBLIC_KEY!,
        // Alipay calls this from outside: the configured PUBLIC_URL, never a request's host.
        notifyUrl: `${config.publicUrl}/api/pay/notify/alipay`,
      });
    return new WechatPayProvider({
      baseUrl: config.WECHATPAY_BASE_URL,
      appId: config.WECHATPAY_APP_ID!,
      mchId: config.WECHATPAY_MCH_ID!,
      serialNo: config.WECHATPAY_SERIAL_NO!,
      privateKeyPem: config.WECHATPAY_PRIVATE_KEY!,
      platformPublicKeys: wechatPublicKeys(config.WECHATPAY_PUBLIC_KEY ?? '').map((pem, i) => ({
        id: config.WECHATPAY_PUBLIC_KEY_ID[i]!,
        pem,
      })),
      platformCertificates: config.WECHATPAY_PLATFORM_CERTIFICATES ?? !config.WECHATPAY_PUBLIC_KEY,
      apiV3Key: config.WECHATPAY_API_V3_KEY!,
      // WeChat Pay calls this from outside: the configured PUBLIC_URL, never a request's host.
      notifyUrl: `${config.publicUrl}/api/pay/notify/wechat`,
      refundNotifyUrl: `${config.publicUrl}/api/pay/refund-notify/wechat`,
    });
  };
  const paymentProviders = new Map(config.PAY_PROVIDER.map((name) => [name, build(name)] as const));
  const payments = paymentProviders.get(config.PAY_PROVIDER[0]!)!;
  const generator: CourseGenerator = config.AI_BASE_URL
    ? new LazyOpenAiGenerator({
        baseUrl: config.AI_BASE_URL,
        apiKey: config.AI_API_KEY,
        model: config.AI_MODEL!,
        stallMs: config.AI_STALL_MS,
        outlineAttempts: 3,
      })
    : new TemplateGenerator();
  return {
    config,
    db,
    searchDb: db,
    searchGenericDb: db,
    sms,
    wechat,
    wechatMp,
    wechatMpJsapi,
    storage,
    payments,
    paymentProviders,
    sandbox,
    jobs: null,
    events: null,
    domainEvents: new DomainEvents(),
    generator,
    metrics: null,
    background: new BackgroundTasks(),
    providers: new Providers(),
    ...overrides,
  };
}
