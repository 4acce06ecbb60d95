/**
 * Lesson saves: each request saves one lesson on the version the previous save of that lesson
 * answered, as the editor's autosave does. A lesson is lent to one request at a time (more lessons
 * than connections), so no save ever races another on the same lesson and none answers 409.
 * The route allows 240 saves a minute per client IP: the server trusts X-Forwarded-For here (as
 * behind the deploy guide's proxy) and each lesson's editor sends its own address, moving to a new
 * one every 200 saves, like many authors writing at once.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { CONNECTIONS, DURATION_S, isOk } from './load.ts';
import { lessonDoc } from './store-seed.ts';

export const SAVE_LESSONS = 2 * CONNECTIONS;

export type SaveState = { lessonIds: number[]; version: Map<number, number> };

export async function prepareSaves(baseUrl: string, auth: Record<string, string>): Promise<SaveState> {
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
    return json.data;
  };
  const state: SaveState = { lessonIds: [], version: new Map() };
  // One course per connection (authors write their own courses), two lessons each.
  for (let c = 0; c < CONNECTIONS; c++) {
    const course = await post<{ courseId: number }>('/course/create', { title: `压测课程 ${c + 1}` });
    for (let i = 0; i < SAVE_LESSONS / CONNECTIONS; i++) {
      const lesson = await post<{ lessonId: number; version: number }>('/lesson/create', {
        courseId: course.courseId,
        title: `压测课时 ${i + 1}`,
      });
      state.lessonIds.push(lesson.lessonId);
      state.version.set(lesson.lessonId, lesson.version);
    }
  }
  return state;
}

export async function refreshVersions(databaseUrl: string, state: SaveState): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; version: number }>(
      'select id, version from lessons where id = any($1::int[])',
      [state.lessonIds],
    );
    for (const r of rows) state.version.set(r.id, r.version);
  } finally {
    await client.end();
  }
}

export function saveLessons(
  baseUrl: string,
  auth: Record<string, string>,
  state: SaveState,
): Promise<autocannon.Result> {
  const content = JSON.stringify(lessonDoc(1, true));
  const free = [...state.lessonIds];
  let failures = 0;
  const saves = new Map<number, number>();
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    verifyBody: isOk,
    requests: [
      {
        method: 'POST',
        path: '/api/lesson/save',
        setupRequest: (req, context) => {
          const lessonId = free.shift()!;
          (context as { lessonId?: number }).lessonId = lessonId;
          const n = (saves.get(lessonId) ?? 0) + 1;
          saves.set(lessonId, n);
          const editor = `10.${Math.floor(n / 200) % 250}.${(lessonId >> 8) & 255}.${lessonId & 255}`;
          return {
            ...req,
            headers: { ...auth, 'content-type': 'application/json', 'x-forwarded-for': editor },
            body: `{"lessonId":${lessonId},"version":${state.version.get(lessonId)},"content":${content}}`,
          };
        },
        onResponse: (status, body, context) => {
          const lessonId = (context as { lessonId: number }).lessonId;
          const m = /"version":(\d+)/.exec(body);
          if (status === 200 && m && isOk(body)) state.version.set(lessonId, Number(m[1]));
          else if (failures++ < 3) console.log(`  lesson save answered ${status}: ${body.slice(0, 200)}`);
          free.push(lessonId);
        },
      },
    ],
  });
}
