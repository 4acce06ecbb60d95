/**
 * JSSDK wx.config for share cards inside WeChat. The access_token and jsapi_ticket are cached once for
 * all processes, in Redis with REDIS_URL, else in the database (app_settings), refreshed when under 5 minutes are left, fetched by
 * one process at a time (an advisory lock; the others then read what it stored) and by one request
 * at a time in a process (single flight): never per page view.
 */
import { Code, type JsConfig } from '@studio/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { jsapiSignature } from '../../platform/wechat/mp-jsapi.ts';
import { WechatExchangeError } from '../../platform/wechat/wechat-provider.ts';

const KEY = 'wechat_mp_jsapi';
const REFRESH_BEFORE_MS = 5 * 60_000;
type Cached = {
  appId: string;
  token: string;
  tokenExpiresAt: number;
  ticket: string;
  ticketExpiresAt: number;
};

const inFlight = new WeakMap<AppContext, Promise<string>>();

async function readCached(db: Db): Promise<Cached | null> {
  const rows = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  if (!rows[0]) return null;
  try {
    return JSON.parse(rows[0].value) as Cached;
  } catch {
    return null;
  }
}

const fresh = (c: Cached | null, appId: string, at: 'ticket' | 'token'): boolean =>
  !!c &&
  c.appId === appId &&
  (at === 'ticket' ? c.ticketExpiresAt : c.tokenExpiresAt) - Date.now() > REFRESH_BEFORE_MS;

async function refresh(ctx: AppContext): Promise<string> {
  const api = ctx.wechatMpJsapi;
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wechat-mp-jsapi-ticket'))`);
    const again = await readCached(tx as unknown as Db);
    if (again && fresh(again, api.appId, 'ticket')) return again.ticket;
    const now = Date.now();
    const token =
      again && fresh(again, api.appId, 'token')
        ? { value: again.token, expiresAt: again.tokenExpiresAt }
        : await api
            .accessToken()
            .then((t) => ({ value: t.value, expiresAt: now + t.expiresInSeconds * 1000 }));
    const ticket = await api.jsapiTicket(token.value);
    const value: Cached = {
      appId: api.appId,
      token: token.value,
      tokenExpiresAt: token.expiresAt,
      ticket: ticket.value,
      ticketExpiresAt: now + ticket.expiresInSeconds * 1000,
    };
    await tx
      .insert(appSettings)
      .values({ key: KEY, value: JSON.stringify(value) })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: JSON.stringify(value) } });
    return ticket.value;
  });
}

/** Fetches a token (unless `known` still has one) and a ticket. */
async function fetchFresh(ctx: AppContext, known: Cached | null): Promise<Cached> {
  const api = ctx.wechatMpJsapi;
  const now = Date.now();
  const token =
    known && fresh(known, api.appId, 'token')
      ? { value: known.token, expiresAt: known.tokenExpiresAt }
      : await api.accessToken().then((t) => ({ value: t.value, expiresAt: now + t.expiresInSeconds * 1000 }));
  const ticket = await api.jsapiTicket(token.value);
  return {
    appId: api.appId,
    token: token.value,
    tokenExpiresAt: token.expiresAt,
    ticket: ticket.value,
    ticketExpiresAt: now + ticket.expiresInSeconds * 1000,
  };
}

/**
 * With REDIS_URL: the same cache in Redis (a key per app id), one process fetching under a
 * `SET NX PX` lock while the others wait for what it stores.
 */
async function redisTicket(ctx: AppContext, redis: Redis): Promise<string> {
  const key = `studio:wechat-mp-jsapi:${ctx.wechatMpJsapi.appId}`;
  const read = async () => {
    const raw = await redis.get(key);
    try {
      return raw ? (JSON.parse(raw) as Cached) : null;
    } catch {
      return null;
    }
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const cached = await read();
    if (cached && fresh(cached, ctx.wechatMpJsapi.appId, 'ticket')) return cached.ticket;
    const lock = randomToken(8);
    if ((await redis.set(`${key}:lock`, lock, 'PX', 15_000, 'NX')) === 'OK') {
      try {
        const again = await read();
        if (again && fresh(again, ctx.wechatMpJsapi.appId, 'ticket')) return again.ticket;
        const value = await fetchFresh(ctx, again);
        await redis.set(key, JSON.stringify(value), 'PX', Math.max(1000, value.tokenExpiresAt - Date.now()));
        return value.ticket;
      } finally {
        if ((await redis.get(`${key}:lock`)) === lock) await redis.del(`${key}:lock`);
      }
    }
    if (Date.now() > deadline) throw new WechatExchangeError('jsapi_ticket lock not released');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The current jsapi_ticket: the cached one, or one fetched by a single request across processes. */
export async function jsapiTicket(ctx: AppContext, redis?: Redis): Promise<string> {
  if (redis) {
    let running = inFlight.get(ctx);
    if (!running) {
      running = redisTicket(ctx, redis).finally(() => inFlight.delete(ctx));
      inFlight.set(ctx, running);
    }
    return running;
  }
  const cached = await readCached(ctx.db);
  if (cached && fresh(cached, ctx.wechatMpJsapi.appId, 'ticket')) return cached.ticket;
  let running = inFlight.get(ctx);
  if (!running) {
    running = refresh(ctx).finally(() => inFlight.delete(ctx));
    inFlight.set(ctx, running);
  }
  return running;
}

/** wx.config for `url`, a page of this site (`origin`); another host is refused. */
export async function jsConfig(
  ctx: AppContext,
  url: string,
  origin: string,
  log: FastifyBaseLogger,
  redis?: Redis,
): Promise<JsConfig> {
  let page: URL;
  try {
    page = new URL(url);
  } catch {
    throw new AppError(Code.REDIRECT_NOT_ALLOWED, { data: { field: 'url' } });
  }
  if (page.origin !== new URL(origin).origin)
    throw new AppError(Code.REDIRECT_NOT_ALLOWED, { data: { field: 'url' } });
  let ticket: string;
  try {
    ticket = await jsapiTicket(ctx, redis);
  } catch (err) {
    if (!(err instanceof WechatExchangeError)) throw err;
    log.warn({ err: err.message }, 'WeChat jsapi_ticket failed');
    throw new AppError(Code.WECHAT_LOGIN_FAILED);
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const nonceStr = randomToken(8);
  return {
    appId: ctx.wechatMpJsapi.appId,
    timestamp,
    nonceStr,
    signature: jsapiSignature(ticket, nonceStr, timestamp, url),
    mode: ctx.wechatMp.mode,
  };
}
