/** Which uploaded media the lessons and released snapshots of some teams' courses refer to. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// Every media block's id anywhere in a document (a lesson's content, a release's snapshot).
const MEDIA_IDS = `$.** ? (@.type == "media").attrs.mediaId`;

/**
 * Media ids referred to by a lesson (drafts included) or a release of a course of these teams. A
 * deleted course that was sold keeps its releases (its buyers still learn it), so they count; an
 * unsold course's deletion removed its lessons and releases.
 */
export async function mediaIdsReferenced(db: Db, teamIds: number[]): Promise<Set<number>> {
  if (teamIds.length === 0) return new Set();
  const teams = sql.raw(`array[${teamIds.map((id) => Math.trunc(id)).join(',')}]::int[]`);
  const { rows } = await db.execute<{ id: string }>(sql`
    select distinct (v #>> '{}') as id
      from (select jsonb_path_query(l.content, ${MEDIA_IDS}::jsonpath) as v
              from lessons l join courses c on c.id = l.course_id
             where c.team_id = any(${teams})
            union all
            select jsonb_path_query(r.snapshot, ${MEDIA_IDS}::jsonpath)
              from course_releases r join courses c on c.id = r.course_id
             where c.team_id = any(${teams})) refs
     where jsonb_typeof(v) = 'number'`);
  return new Set(rows.map((r) => Number(r.id)).filter(Number.isInteger));
}
