/**
 * Progress saves from many learners at once: 1,000 members of the demo team (made in SQL with their
 * own sessions) each save their position in the bought demo course, every request another learner
 * and lesson, as 1,000 phones reading at once would. Each learner writes at most one request per
 * few seconds in the app; here the rows are written as fast as the server takes them.
 */
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { CONNECTIONS, DURATION_S, isOk } from './load.ts';

export const LEARNERS = 1_000;

export type Learners = { tokens: string[]; courseId: number; lessonIds: number[] };

export async function prepareLearners(databaseUrl: string): Promise<Learners> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: teams } = await client.query<{ id: number }>(
      "select id from teams where team_code = 'DEMO88'",
    );
    const teamId = teams[0]!.id;
    const { rows: courses } = await client.query<{ course_id: number; lessons: { lessonId: number }[] }>(
      `select e.course_id, r.snapshot -> 'lessons' as lessons
       from entitlements e
       join courses c on c.id = e.course_id
       join course_releases r on r.course_id = c.id and r.version_no = c.released_version
       where e.team_id = $1 limit 1`,
      [teamId],
    );
    const course = courses[0]!;
    const tokens: string[] = [];
    await client.query('begin');
    for (let i = 0; i < LEARNERS; i++) {
      const token = randomBytes(32).toString('base64url');
      const { rows } = await client.query<{ id: number }>(
        'insert into users (phone, nick_name, last_team_id) values ($1, $2, $3) returning id',
        [`166${String(i).padStart(8, '0')}`, `学员${i + 1}`, teamId],
      );
      const userId = rows[0]!.id;
      await client.query("insert into team_members (team_id, user_id, role) values ($1, $2, 'MEMBER')", [
        teamId,
        userId,
      ]);
      await client.query(
        "insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')",
        [userId, createHash('sha256').update(token).digest('hex')],
      );
      tokens.push(token);
    }
    await client.query('commit');
    return { tokens, courseId: course.course_id, lessonIds: course.lessons.map((l) => l.lessonId) };
  } finally {
    await client.end();
  }
}

export function saveProgress(baseUrl: string, learners: Learners): Promise<autocannon.Result> {
  let n = 0;
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    verifyBody: isOk,
    requests: [
      {
        method: 'POST',
        path: '/api/learn/progress',
        setupRequest: (req) => {
          const i = n++;
          const token = learners.tokens[i % LEARNERS]!;
          const lessonId = learners.lessonIds[Math.floor(i / LEARNERS) % learners.lessonIds.length]!;
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              'x-request-tkToken': token,
              'x-request-tkForm': 'pc',
              // Each learner is on their own phone: the per-IP limit applies per learner.
              'x-forwarded-for': `10.${(i % LEARNERS) >> 8}.${(i % LEARNERS) & 255}.1`,
            },
            body: JSON.stringify({
              courseId: learners.courseId,
              lessonId,
              position: ((i * 37) % 100) / 100,
              reachedEnd: false,
            }),
          };
        },
      },
    ],
  });
}
