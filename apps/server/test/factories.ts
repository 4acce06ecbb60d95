/** Test factories: real accounts made through the real API. */
import type { UserInfo } from '@studio/contract';
import type { TestApp } from './test-app.ts';

let phoneSeq = 0;
export const newPhone = (): string =>
  `139${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(5, '0')}`;

type Answer<T> = { code: number; msg: string; data: T };

export async function call<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  opts: {
    token?: string;
    body?: unknown;
    query?: Record<string, string>;
    ip?: string;
    /** More request headers (a user agent, a hostile Host). */
    headers?: Record<string, string>;
  } = {},
): Promise<Answer<T> & { status: number }> {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    query: opts.query,
    // A fresh address per call unless a test pins one, so per-IP limits only bite where tested.
    remoteAddress:
      opts.ip ?? `127.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    payload: opts.body as object | undefined,
    headers: {
      'x-request-tkForm': 'pc',
      ...(opts.token ? { 'x-request-tkToken': opts.token } : {}),
      ...opts.headers,
    },
  });
  return { ...(res.json() as Answer<T>), status: res.statusCode };
}

export const lastCode = (t: TestApp, phone: string): string => {
  const sent = t.sms.sent.filter((s) => s.phone === phone).at(-1);
  if (!sent) throw new Error(`no SMS sent to ${phone}`);
  return sent.code;
};

export async function createUser(t: TestApp, phone = newPhone()): Promise<UserInfo> {
  const sent = await call(t, 'POST', '/auth/sms/send', { body: { phone, purpose: 'login' } });
  if (sent.code !== 200) throw new Error(`sms send failed: ${sent.code} ${sent.msg}`);
  const res = await call<UserInfo>(t, 'POST', '/auth/login/sms', {
    body: { phone, code: lastCode(t, phone) },
  });
  if (res.code !== 200) throw new Error(`login failed: ${res.code} ${res.msg}`);
  return res.data;
}

export async function createTeam(t: TestApp, token: string, teamName = '测试团队') {
  const res = await call<{ teamId: number; teamCode: string }>(t, 'POST', '/team/create', {
    token,
    body: { teamName },
  });
  if (res.code !== 200) throw new Error(`team create failed: ${res.code} ${res.msg}`);
  return res.data;
}

export async function joinTeam(t: TestApp, token: string, teamCode: string) {
  const res = await call(t, 'POST', '/team/user/invite/join', { token, body: { inviteCode: teamCode } });
  if (res.code !== 200) throw new Error(`join failed: ${res.code} ${res.msg}`);
}

export async function createCourse(t: TestApp, token: string, title = '测试课程') {
  const res = await call<{ courseId: number; version: number }>(t, 'POST', '/course/create', {
    token,
    body: { title },
  });
  if (res.code !== 200) throw new Error(`course create failed: ${res.code} ${res.msg}`);
  return res.data;
}

export async function createLesson(t: TestApp, token: string, courseId: number, title = '第一课') {
  const res = await call<{ lessonId: number; version: number }>(t, 'POST', '/lesson/create', {
    token,
    body: { courseId, title },
  });
  if (res.code !== 200) throw new Error(`lesson create failed: ${res.code} ${res.msg}`);
  return res.data;
}

/** A lesson document of one paragraph. */
export const paragraphDoc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** A new user with a team of their own (its OWNER). */
export async function teamOwner(t: TestApp) {
  const user = await createUser(t);
  const team = await createTeam(t, user.token);
  return { user, team };
}

/** Saves one paragraph of text into a new lesson (version 1): the release check refuses empty lessons. */
export async function writeLesson(
  t: TestApp,
  token: string,
  lessonId: number,
  text: string,
  freePreview = false,
) {
  const res = await call(t, 'POST', '/lesson/save', {
    token,
    body: {
      lessonId,
      version: 1,
      freePreview,
      content: paragraphDoc(text),
    },
  });
  if (res.code !== 200) throw new Error(`lesson save failed: ${res.code} ${res.msg}`);
}

/** OWNER/ADMIN invites a registered user; answers the invitation id (the user is not a member yet). */
export async function inviteUser(t: TestApp, token: string, userId: number, role?: 'ADMIN' | 'MEMBER') {
  const res = await call<{ invitationId: number } | null>(t, 'POST', '/team/user/invite/join', {
    token,
    body: { userId, ...(role ? { role } : {}) },
  });
  if (res.code !== 200 || !res.data) throw new Error(`invite failed: ${res.code} ${res.msg}`);
  return res.data.invitationId;
}

/** Adds a member the way the product does: invited by an OWNER/ADMIN, then accepted by them. */
export async function addByInvitation(t: TestApp, managerToken: string, user: UserInfo) {
  const invitationId = await inviteUser(t, managerToken, user.userId);
  const res = await call(t, 'POST', '/team/invitation/accept', { token: user.token, body: { invitationId } });
  if (res.code !== 200) throw new Error(`accept failed: ${res.code} ${res.msg}`);
}
