/**
 * Signed, short-lived addresses of lesson assets (media playback, attachment downloads), under one
 * secret kept in the database. A token is `<fields>.<expires>.<mac>`: the kind's own fields (what it
 * opens, where, for whom), when it ends (seconds since 1970) and an HMAC-SHA256 of the kind and all
 * that. The kind is signed too, so an address of one kind never opens the other. The secret never
 * leaves this file (no log, no answer).
 */
import { createHmac } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { randomToken, safeEqual } from '../../platform/crypto.ts';
import { assetUrlSecret } from './assets.repo.ts';

export type AssetKind = 'media' | 'attachment';
export type GrantField = string | number;

/** Per app, the secret once read (a failed read is tried again by the next address). */
const secrets = new WeakMap<AppContext, Promise<string>>();
function secretOf(ctx: AppContext): Promise<string> {
  let secret = secrets.get(ctx);
  if (!secret) {
    secret = assetUrlSecret(ctx.db, randomToken(32));
    secret.catch(() => secrets.delete(ctx));
    secrets.set(ctx, secret);
  }
  return secret;
}

const mac = (secret: string, kind: AssetKind, body: string) =>
  createHmac('sha256', secret).update(`${kind}:${body}`).digest('base64url').slice(0, 32);

/** A token of that kind for these fields (none may hold a '.'), ending at `expires` (seconds). */
export async function signAsset(
  ctx: AppContext,
  kind: AssetKind,
  fields: readonly GrantField[],
  expires: number,
): Promise<string> {
  const body = [...fields, expires].join('.');
  return `${body}.${mac(await secretOf(ctx), kind, body)}`;
}

const SIGNED = /^(.{1,400})\.(\d{1,12})\.([\w-]{32})$/;

/**
 * The fields of a token of that kind when it is ours and not expired, else null. The kind's own
 * reader checks the fields' shape.
 */
export async function readAsset(
  ctx: AppContext,
  kind: AssetKind,
  token: string,
  now = Date.now(),
): Promise<{ fields: string[]; expires: number } | null> {
  const m = SIGNED.exec(token);
  if (!m) return null;
  const body = `${m[1]}.${m[2]}`;
  if (!safeEqual(mac(await secretOf(ctx), kind, body), m[3]!)) return null;
  const expires = Number(m[2]);
  return expires * 1000 > now ? { fields: m[1]!.split('.'), expires } : null;
}
