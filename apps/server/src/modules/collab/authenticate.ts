/**
 * Who may open a lesson's live document: the token resolved as an HTTP request's session (same
 * cache, same expiry), the user's current team, the lesson of that team, and `lessonCollabMode`
 * deciding edit or read-only. A refusal's reason is `{"code": 7000x}` (codes/collab.ts).
 */
import type { onAuthenticatePayload } from '@hocuspocus/server';
import { Code, lessonIdOfDocument } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import { currentMembershipOf, type TokenResolver } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { lessonCollabMode } from '../../platform/abilities.ts';
import { liveLessonOf } from '../courses/index.ts';

export type CollabContext = {
  userId: number;
  sessionId: number;
  teamId: number;
  lessonId: number;
  courseId: number;
  name: string;
  ip?: string;
};

/** What a refused authentication throws: Hocuspocus sends its `reason` to the client. */
export const refusal = (code: number) => ({ reason: JSON.stringify({ code }) });

export async function authenticate(
  ctx: AppContext,
  resolveToken: TokenResolver,
  log: FastifyBaseLogger,
  { token, documentName, connectionConfig, context }: onAuthenticatePayload,
): Promise<CollabContext> {
  const ip = (context as { ip?: string }).ip;
  const refuse = (code: number, why: Record<string, unknown> = {}) => {
    log.info({ collabCode: code, ip, ...why }, 'collab: refused');
    return refusal(code);
  };
  const lessonId = lessonIdOfDocument(documentName);
  if (lessonId === null) throw refuse(Code.COLLAB_BAD_DOCUMENT, { documentName: documentName.slice(0, 60) });
  const found = token ? await resolveToken(token) : null;
  if (!found) throw refuse(Code.COLLAB_UNAUTHORIZED, { lessonId });
  const membership = currentMembershipOf(found);
  const userId = found.user.id;
  if (!membership) throw refuse(Code.COLLAB_NOT_FOUND, { lessonId, userId });
  const lesson = (await liveLessonOf(ctx.db, lessonId)) ?? null;
  const mode = lessonCollabMode({ actor: { user: found.user }, membership }, lesson);
  if (!mode || !lesson) throw refuse(Code.COLLAB_NOT_FOUND, { lessonId, userId });
  connectionConfig.readOnly = mode === 'read';
  return {
    userId,
    sessionId: found.session.id,
    teamId: membership.team.id,
    lessonId,
    courseId: lesson.courseId,
    name: found.user.nickName,
    ...(ip ? { ip } : {}),
  };
}
