/** The team learning report's queries: members × the courses the team learns, in one paged statement. */
import { sql, type SQL } from 'drizzle-orm';
import { CHINA_TIME_ZONE, type LearnReportQuery } from '@studio/contract';
import type { Db } from '../../db/client.ts';

export type ReportRow = {
  user_id: number;
  nick_name: string;
  course_id: number;
  course_title: string;
  /** The release the team's learners read (its quizzes and pass mark come from release-content.ts). */
  release_id: number;
  lesson_count: number;
  completed_count: number;
  last_activity_at: Date | null;
  completed_at: Date | null;
  quiz_answered: number;
  quiz_correct: number;
  /** Time watched of the course's media: the sum of each block's union of played intervals. */
  watched_ms: number;
  total: number;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER: Record<LearnReportQuery['sort'], SQL> = {
  lastActivity: sql`last_activity_at desc nulls last, nick_name, course_id`,
  progress: sql`(completed_count::float / greatest(lesson_count, 1)) desc, nick_name, course_id`,
  member: sql`nick_name, course_id`,
  course: sql`course_title, nick_name`,
};

type Filters = Omit<LearnReportQuery, 'pageNum' | 'pageSize'>;

/**
 * Every member of the team with every course the team learns (bought, or its own while released),
 * not-started pairs included: a manager wants to see who has not begun. Lessons count when completed
 * in the current release; quiz figures are each quiz's latest attempt.
 */
function reportQuery(teamId: number, f: Filters): SQL {
  const like = `%${escapeLike(f.keyword)}%`;
  return sql`
    with learnable as (
      select r.course_id, r.release_id, r.title as course_title, r.snapshot -> 'lessons' as lessons
      from current_releases r
      where r.course_id in (select course_id from team_entitlements where team_id = ${teamId})
         or (r.team_id = ${teamId} and r.status = 'released')
    ),
    pairs as (
      select m.user_id, u.nick_name, l.course_id, l.release_id, l.course_title,
        jsonb_array_length(l.lessons)::int as lesson_count,
        (select count(*)::int from learning_lessons ll
          where ll.team_id = ${teamId} and ll.user_id = m.user_id and ll.course_id = l.course_id
            and ll.completed_at is not null
            and ll.lesson_id in (select (x ->> 'lessonId')::int from jsonb_array_elements(l.lessons) x)
        ) as completed_count,
        lc.last_studied_at as last_activity_at, lc.completed_at,
        coalesce(q.answered, 0) as quiz_answered, coalesce(q.correct, 0) as quiz_correct,
        (select least(coalesce(sum(lm.watched_ms), 0), 2147483647)::int from learning_media lm
          where lm.team_id = ${teamId} and lm.user_id = m.user_id and lm.course_id = l.course_id
        ) as watched_ms
      from team_rosters m
      join user_names u on u.id = m.user_id
      cross join learnable l
      left join learning_courses lc
        on lc.team_id = ${teamId} and lc.user_id = m.user_id and lc.course_id = l.course_id
      left join lateral (
        select count(*)::int as answered, (count(*) filter (where z.correct))::int as correct
        from (
          select distinct on (qa.lesson_id, qa.quiz_id) qa.correct
          from quiz_attempts qa
          where qa.team_id = ${teamId} and qa.user_id = m.user_id and qa.course_id = l.course_id
          order by qa.lesson_id, qa.quiz_id, qa.id desc
        ) z
      ) q on true
      where m.team_id = ${teamId}
        ${f.courseId ? sql`and l.course_id = ${f.courseId}` : sql``}
        ${f.keyword ? sql`and (u.nick_name ilike ${like} or l.course_title ilike ${like})` : sql``}
        ${f.status === 'completed' ? sql`and lc.completed_at is not null` : sql``}
        ${f.status === 'in_progress' ? sql`and lc.user_id is not null and lc.completed_at is null` : sql``}
    )
    select *, count(*) over ()::int as total from pairs`;
}

export async function reportPage(db: Db, teamId: number, q: LearnReportQuery): Promise<ReportRow[]> {
  const rows = await db.execute<ReportRow>(
    sql`${reportQuery(teamId, q)} order by ${ORDER[q.sort]} limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
  );
  return rows.rows;
}

/** The whole report for the CSV, capped: a team's export, not a data dump. */
export async function reportAll(db: Db, teamId: number, f: Filters, cap: number): Promise<ReportRow[]> {
  const rows = await db.execute<ReportRow>(
    sql`${reportQuery(teamId, f)} order by ${ORDER[f.sort]} limit ${cap}`,
  );
  return rows.rows;
}

/** Courses completed per week (Monday to Sunday, China time: the product's users) since `since`. */
export async function weeklyCompletions(db: Db, teamId: number, since: Date) {
  const rows = await db.execute<{ week: string; completions: number }>(sql`
    select to_char(date_trunc('week', completed_at at time zone ${CHINA_TIME_ZONE}), 'YYYY-MM-DD') as week, count(*)::int as completions
    from learning_courses
    where team_id = ${teamId} and completed_at >= ${since}
    group by 1 order by 1`);
  return rows.rows;
}
