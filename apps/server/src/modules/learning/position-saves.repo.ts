/**
 * The player's progress save: one statement that writes the position and answers the learner's state
 * in the course, batched across learners on the pool (platform/write-batch.ts).
 */
import type { Db } from '../../db/client.ts';
import { isPool, namedQuery } from '../../db/named.ts';
import { batcherPer, WriteBatcher } from '../../platform/write-batch.ts';
import type { AttemptMark, Learner, LessonRecord } from './learning.repo.ts';

/** The learner's state in a course right after a position save. */
export type PositionSaved = {
  records: LessonRecord[];
  courseCompletedAt: Date | null;
  certificateCode: string | null;
  attempts: AttemptMark[];
};

/**
 * The player's frequent write in one statement: the lesson's position, the course's 继续学习 point,
 * and back the learner's records in the course (the saved lesson as written, the others as read),
 * the course's completion, its certificate and the latest answer to each quiz (for the scores).
 * A named statement: PostgreSQL parses and plans it once per connection, not on every save.
 * $1 team, $2 user, $3 course, $4 lesson, $5 position.
 */
const SAVE_POSITION = `
  with saved as (
    insert into learning_lessons (team_id, user_id, course_id, lesson_id, position, updated_at)
    values ($1, $2, $3, $4, $5, now())
    on conflict (team_id, user_id, lesson_id) do update
      set position = excluded.position, course_id = excluded.course_id, updated_at = excluded.updated_at
    returning lesson_id, position, completed_at, content_hash, started_at
  ), course as (
    -- From saved's row, so the lesson row is taken before the course row, as completing does.
    insert into learning_courses (team_id, user_id, course_id, last_lesson_id, last_position, last_studied_at)
    select $1, $2, $3, lesson_id, position, now() from saved
    on conflict (team_id, user_id, course_id) do update
      set last_lesson_id = excluded.last_lesson_id, last_position = excluded.last_position,
          last_studied_at = excluded.last_studied_at
    returning completed_at
  ), lessons as (
    select lesson_id, position, completed_at, content_hash, started_at from saved
    union all
    select lesson_id, position, completed_at, content_hash, started_at from learning_lessons
    where team_id = $1 and user_id = $2 and course_id = $3 and lesson_id <> $4
  )
  select
    (select completed_at from course) as course_completed_at,
    (select code from certificates
      where team_id = $1 and user_id = $2 and course_id = $3 and revoked_at is null) as certificate_code,
    (select json_agg(json_build_object('lessonId', lesson_id, 'position', position,
      'completedAt', completed_at, 'contentHash', content_hash,
      'studiedSeconds', floor(extract(epoch from now() - started_at))::int)) from lessons) as lessons,
    (select coalesce(json_agg(json_build_object('lessonId', lesson_id, 'quizId', quiz_id,
      'correct', correct)), '[]'::json) from (
        select distinct on (lesson_id, quiz_id) lesson_id, quiz_id, correct from quiz_attempts
        where team_id = $1 and user_id = $2 and course_id = $3
        order by lesson_id, quiz_id, id desc) latest) as attempts`;

type SavedPositionRow = {
  course_completed_at: Date | string | null;
  certificate_code: string | null;
  attempts: AttemptMark[];
  lessons: {
    lessonId: number;
    position: number;
    completedAt: string | null;
    contentHash: string | null;
    studiedSeconds: number;
  }[];
};

/**
 * SAVE_POSITION for many saves at once (write-batch.ts): the same writes and read-back per input row
 * ($1..$5 arrays of team, user, course, lesson, position), answered by the row's place in the batch.
 * Each learner's course is in a batch once (the batcher's keys), so a row's read-back of the
 * learner's other lessons never misses a row written by the same statement. The read-back goes by
 * the learner (the primary key's team and user), never by the course's index: `course_id + 0` keeps
 * the planner off `learning_lessons_course_idx` (here and where the read-back is filtered by the
 * row's learner), which read every learner's rows of the course
 * (3,000 per save with the bench's 1,000 learners).
 */
const SAVE_POSITIONS = `
  with input as (
    select * from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::real[]) with ordinality
      as i(team_id, user_id, course_id, lesson_id, position, ord)
  ), saved as (
    insert into learning_lessons (team_id, user_id, course_id, lesson_id, position, updated_at)
    select team_id, user_id, course_id, lesson_id, position, now() from input
    on conflict (team_id, user_id, lesson_id) do update
      set position = excluded.position, course_id = excluded.course_id, updated_at = excluded.updated_at
    returning team_id, user_id, course_id, lesson_id, position, completed_at, content_hash, started_at
  ), course as (
    -- From saved's rows: each learner's lesson row is taken before their course row, as completing does.
    insert into learning_courses (team_id, user_id, course_id, last_lesson_id, last_position, last_studied_at)
    select team_id, user_id, course_id, lesson_id, position, now() from saved
    on conflict (team_id, user_id, course_id) do update
      set last_lesson_id = excluded.last_lesson_id, last_position = excluded.last_position,
          last_studied_at = excluded.last_studied_at
    returning team_id, user_id, course_id, completed_at
  ), lessons as (
    select team_id, user_id, course_id, lesson_id, position, completed_at, content_hash, started_at from saved
    union all
    select l.team_id, l.user_id, l.course_id, l.lesson_id, l.position, l.completed_at, l.content_hash, l.started_at
      from learning_lessons l join input i
        on l.team_id = i.team_id and l.user_id = i.user_id and l.course_id + 0 = i.course_id and l.lesson_id <> i.lesson_id
  )
  select i.ord,
    (select completed_at from course c
      where c.team_id = i.team_id and c.user_id = i.user_id and c.course_id = i.course_id) as course_completed_at,
    (select code from certificates c
      where c.team_id = i.team_id and c.user_id = i.user_id and c.course_id = i.course_id
        and c.revoked_at is null) as certificate_code,
    (select json_agg(json_build_object('lessonId', x.lesson_id, 'position', x.position,
      'completedAt', x.completed_at, 'contentHash', x.content_hash,
      'studiedSeconds', floor(extract(epoch from now() - x.started_at))::int)) from lessons x
      where x.team_id = i.team_id and x.user_id = i.user_id and x.course_id + 0 = i.course_id) as lessons,
    (select coalesce(json_agg(json_build_object('lessonId', lesson_id, 'quizId', quiz_id,
      'correct', correct)), '[]'::json) from (
        select distinct on (lesson_id, quiz_id) lesson_id, quiz_id, correct from quiz_attempts q
        where q.team_id = i.team_id and q.user_id = i.user_id and q.course_id = i.course_id
        order by lesson_id, quiz_id, id desc) latest) as attempts
  from input i
  order by i.ord`;

type PositionInput = { l: Learner; courseId: number; lessonId: number; position: number };

const toPositionSaved = (row: SavedPositionRow): PositionSaved => ({
  attempts: row.attempts,
  records: row.lessons.map((r) => ({ ...r, completedAt: r.completedAt ? new Date(r.completedAt) : null })),
  courseCompletedAt: row.course_completed_at ? new Date(row.course_completed_at) : null,
  certificateCode: row.certificate_code,
});

/** The pool's progress saves, batched: one learner's course (and lesson) once per batch. */
export const positionBatcher = batcherPer(
  (db: Db) =>
    new WriteBatcher<PositionInput, PositionSaved>({
      keysOf: ({ l, courseId, lessonId }) => [
        `c${l.teamId}:${l.userId}:${courseId}`,
        `l${l.teamId}:${l.userId}:${lessonId}`,
      ],
      run: async (items) => {
        const rows = await namedQuery<SavedPositionRow & { ord: string }>(
          db,
          'save_positions',
          SAVE_POSITIONS,
          [
            items.map((i) => i.l.teamId),
            items.map((i) => i.l.userId),
            items.map((i) => i.courseId),
            items.map((i) => i.lessonId),
            items.map((i) => i.position),
          ],
        );
        return rows.map(toPositionSaved);
      },
    }),
);

/** Saves the position (batched with the process's other saves on the pool; alone inside a transaction). */
export async function savePosition(
  db: Db,
  l: Learner,
  courseId: number,
  lessonId: number,
  position: number,
): Promise<PositionSaved> {
  if (isPool(db)) return positionBatcher(db).add({ l, courseId, lessonId, position });
  const [row] = await namedQuery<SavedPositionRow>(db, 'save_position', SAVE_POSITION, [
    l.teamId,
    l.userId,
    courseId,
    lessonId,
    position,
  ]);
  return toPositionSaved(row!);
}
