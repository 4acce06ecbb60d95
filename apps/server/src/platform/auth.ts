/**
 * Session resolution. Each route declares `config: { auth }`:
 *   'public'     no session needed (a session is still read when sent)
 *   'user'       any logged-in user, including a WeChat user who has not bound a phone yet
 *   'registered' a user with a phone
 *   'team'       a registered user with a current team they still belong to (else 541)
 */
import { Code, TOKEN_HEADER } from '@studio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionRow, UserRow } from '../db/schema.ts';
import { findLiveSession } from '../modules/auth/sessions.repo.ts';
import { findMembership, type Membership } from '../modules/teams/teams.repo.ts';
import type { AppContext } from './context.ts';
import { sha256 } from './crypto.ts';
import { AppError } from './errors.ts';

export type AuthLevel = 'public' | 'user' | 'registered' | 'team';

export type Actor = { user: UserRow; session: SessionRow; token: string; membership: Membership | null };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const TOKEN_HEADER_LC = TOKEN_HEADER.toLowerCase();

async function resolveActor(ctx: AppContext, request: FastifyRequest): Promise<Actor | null> {
  const header = request.headers[TOKEN_HEADER_LC];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token || token.length > 200) return null;
  const found = await findLiveSession(ctx.db, sha256(token));
  return found ? { ...found, token, membership: null } : null;
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const level = request.routeOptions.config.auth;
    if (!level) return;
    request.actor = await resolveActor(ctx, request);
    if (level === 'public') return;
    const actor = request.actor;
    if (!actor) throw new AppError(Code.UNAUTHORIZED);
    if (level === 'user') return;
    if (actor.user.phone === null) throw new AppError(Code.PHONE_NOT_BOUND);
    if (level === 'registered') return;
    await loadCurrentMembership(ctx, actor);
  });
}

/** Resolves the actor's current team from the session's user, never from the request; 541 when none. */
export async function loadCurrentMembership(ctx: AppContext, actor: Actor): Promise<Membership> {
  const teamId = actor.user.lastTeamId;
  actor.membership = teamId ? ((await findMembership(ctx.db, actor.user.id, teamId)) ?? null) : null;
  if (!actor.membership) throw new AppError(Code.NO_TEAM);
  return actor.membership;
}

/** The actor of a route declared 'user' or stricter (the hook has already refused anyone else). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(Code.UNAUTHORIZED);
  return request.actor;
}

export function membershipOf(request: FastifyRequest): Membership {
  const membership = actorOf(request).membership;
  if (!membership) throw new AppError(Code.NO_TEAM);
  return membership;
}

/** On a public route: the logged-in viewer with a current team, or null for anyone else. */
export async function viewerOf(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ actor: Actor; membership: Membership } | null> {
  const actor = request.actor;
  if (!actor || actor.user.phone === null) return null;
  try {
    return { actor, membership: await loadCurrentMembership(ctx, actor) };
  } catch {
    return null;
  }
}
