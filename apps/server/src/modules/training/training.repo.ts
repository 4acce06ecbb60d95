/**
 * Groups' and tasks' queries. Every one is scoped to the team; members are read through the team's
 * current memberships, so someone who left drops out of groups and tasks without a write.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  teamRosters,
  trainingGroupMembers,
  trainingGroups,
  trainingTaskCourses,
  trainingTaskGroups,
  trainingTasks,
  trainingTaskUsers,
  userNames,
} from '../../db/schema.ts';

export type GroupRow = typeof trainingGroups.$inferSelect;
export type TaskRow = typeof trainingTasks.$inferSelect;

export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export async function listGroups(db: Db, teamId: number): Promise<GroupRow[]> {
  return db
    .select()
    .from(trainingGroups)
    .where(eq(trainingGroups.teamId, teamId))
    .orderBy(asc(trainingGroups.createdAt), asc(trainingGroups.id));
}

/** The current team members of the team's groups, by group. */
export async function groupMembers(db: Db, teamId: number) {
  return db
    .select({ groupId: trainingGroupMembers.groupId, userId: userNames.id, nickName: userNames.nickName })
    .from(trainingGroupMembers)
    .innerJoin(trainingGroups, eq(trainingGroups.id, trainingGroupMembers.groupId))
    .innerJoin(
      teamRosters,
      and(eq(teamRosters.teamId, teamId), eq(teamRosters.userId, trainingGroupMembers.userId)),
    )
    .innerJoin(userNames, eq(userNames.id, trainingGroupMembers.userId))
    .where(eq(trainingGroups.teamId, teamId))
    .orderBy(asc(trainingGroupMembers.addedAt), asc(userNames.id));
}

export async function findGroup(db: Db, teamId: number, groupId: number): Promise<GroupRow | undefined> {
  const [row] = await db
    .select()
    .from(trainingGroups)
    .where(and(eq(trainingGroups.teamId, teamId), eq(trainingGroups.id, groupId)));
  return row;
}

/** Which of these ids are the team's groups. */
export async function teamGroupIds(db: Db, teamId: number, groupIds: number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ id: trainingGroups.id })
    .from(trainingGroups)
    .where(and(eq(trainingGroups.teamId, teamId), inArray(trainingGroups.id, groupIds)));
  return rows.map((r) => r.id);
}

export async function insertGroup(db: Db, teamId: number, name: string): Promise<GroupRow> {
  const [row] = await db.insert(trainingGroups).values({ teamId, name }).returning();
  return row!;
}

export async function renameGroup(db: Db, groupId: number, name: string): Promise<void> {
  await db.update(trainingGroups).set({ name }).where(eq(trainingGroups.id, groupId));
}

/** Its members' rows and its place on tasks go with it (cascade); tasks keep their other assignees. */
export async function deleteGroup(db: Db, groupId: number): Promise<void> {
  await db.delete(trainingGroups).where(eq(trainingGroups.id, groupId));
}

export async function addGroupMembers(db: Db, groupId: number, userIds: number[]): Promise<void> {
  await db
    .insert(trainingGroupMembers)
    .values(userIds.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing();
}

export async function removeGroupMembers(db: Db, groupId: number, userIds: number[]): Promise<void> {
  await db
    .delete(trainingGroupMembers)
    .where(and(eq(trainingGroupMembers.groupId, groupId), inArray(trainingGroupMembers.userId, userIds)));
}

export type TaskWrite = {
  title: string;
  examId: number | null;
  required: boolean;
  startDay: string;
  dueDay: string;
  courses: { courseId: number; title: string }[];
  userIds: number[];
  groupIds: number[];
};

/** Replaces the task's courses and assignees with the ones given (inside the caller's transaction). */
async function setTaskLinks(tx: Db, taskId: number, w: TaskWrite): Promise<void> {
  await tx.delete(trainingTaskCourses).where(eq(trainingTaskCourses.taskId, taskId));
  await tx.delete(trainingTaskUsers).where(eq(trainingTaskUsers.taskId, taskId));
  await tx.delete(trainingTaskGroups).where(eq(trainingTaskGroups.taskId, taskId));
  await tx
    .insert(trainingTaskCourses)
    .values(w.courses.map((c, position) => ({ taskId, courseId: c.courseId, title: c.title, position })));
  if (w.userIds.length > 0) {
    await tx.insert(trainingTaskUsers).values(w.userIds.map((userId) => ({ taskId, userId })));
  }
  if (w.groupIds.length > 0) {
    await tx.insert(trainingTaskGroups).values(w.groupIds.map((groupId) => ({ taskId, groupId })));
  }
}

/** What runs in a task write's transaction once the task is written (its notices commit with it). */
export type AfterTaskWrite = (tx: Db, taskId: number) => Promise<void>;

export async function insertTask(
  db: Db,
  teamId: number,
  createdBy: number,
  w: TaskWrite,
  after: AfterTaskWrite,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(trainingTasks)
      .values({
        teamId,
        createdBy,
        title: w.title,
        examId: w.examId,
        required: w.required,
        startDay: w.startDay,
        dueDay: w.dueDay,
      })
      .returning({ id: trainingTasks.id });
    await setTaskLinks(tx, row!.id, w);
    await after(tx, row!.id);
    return row!.id;
  });
}

export async function updateTask(db: Db, taskId: number, w: TaskWrite, after: AfterTaskWrite): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(trainingTasks)
      .set({
        title: w.title,
        examId: w.examId,
        required: w.required,
        startDay: w.startDay,
        dueDay: w.dueDay,
        updatedAt: new Date(),
      })
      .where(eq(trainingTasks.id, taskId));
    await setTaskLinks(tx, taskId, w);
    await after(tx, taskId);
  });
}

export async function cancelTask(db: Db, taskId: number): Promise<void> {
  await db
    .update(trainingTasks)
    .set({ cancelledAt: new Date() })
    .where(and(eq(trainingTasks.id, taskId), isNull(trainingTasks.cancelledAt)));
}

export async function findTask(db: Db, teamId: number, taskId: number): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(trainingTasks)
    .where(and(eq(trainingTasks.teamId, teamId), eq(trainingTasks.id, taskId)));
  return row;
}

export async function listTasks(db: Db, teamId: number): Promise<TaskRow[]> {
  return db
    .select()
    .from(trainingTasks)
    .where(eq(trainingTasks.teamId, teamId))
    .orderBy(
      sql`${trainingTasks.cancelledAt} is not null`,
      sql`${trainingTasks.createdAt} desc`,
      sql`${trainingTasks.id} desc`,
    );
}

/** The courses, members and groups named on these tasks. */
export async function taskLinks(db: Db, taskIds: number[]) {
  if (taskIds.length === 0) return { courses: [], users: [], groups: [] };
  const [courses, named, groups] = await Promise.all([
    db
      .select()
      .from(trainingTaskCourses)
      .where(inArray(trainingTaskCourses.taskId, taskIds))
      .orderBy(asc(trainingTaskCourses.position)),
    db.select().from(trainingTaskUsers).where(inArray(trainingTaskUsers.taskId, taskIds)),
    db.select().from(trainingTaskGroups).where(inArray(trainingTaskGroups.taskId, taskIds)),
  ]);
  return { courses, users: named, groups };
}

/**
 * The members each task reaches now: those named on it and the current members of its groups,
 * while they are members of the team.
 */
export async function taskAssignees(db: Db, teamId: number, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  const ids = sql.join(
    taskIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.execute<{ task_id: number; user_id: number; nick_name: string }>(sql`
    select a.task_id, a.user_id, u.nick_name
    from (
      select task_id, user_id from training_task_users where task_id in (${ids})
      union
      select tg.task_id, gm.user_id
      from training_task_groups tg join training_group_members gm on gm.group_id = tg.group_id
      where tg.task_id in (${ids})
    ) a
    join team_rosters m on m.team_id = ${teamId} and m.user_id = a.user_id
    join user_names u on u.id = a.user_id
    order by a.task_id, u.nick_name, a.user_id`);
  return rows.rows.map((r) => ({ taskId: r.task_id, userId: r.user_id, nickName: r.nick_name }));
}

/** The team's open tasks that reach this member, directly or through a group. */
export async function openTasksOf(db: Db, teamId: number, userId: number): Promise<TaskRow[]> {
  return db
    .select()
    .from(trainingTasks)
    .where(
      and(
        eq(trainingTasks.teamId, teamId),
        isNull(trainingTasks.cancelledAt),
        sql`(${trainingTasks.id} in (select task_id from training_task_users where user_id = ${userId})
          or ${trainingTasks.id} in (select tg.task_id from training_task_groups tg
            join training_group_members gm on gm.group_id = tg.group_id where gm.user_id = ${userId}))`,
      ),
    )
    .orderBy(asc(trainingTasks.dueDay), asc(trainingTasks.id));
}

/** Open tasks of every team whose due day is in [fromDay, toDay] and that have started by `today`. */
export async function tasksDueBetween(
  db: Db,
  fromDay: string,
  toDay: string,
  today: string,
): Promise<TaskRow[]> {
  return db
    .select()
    .from(trainingTasks)
    .where(
      and(
        isNull(trainingTasks.cancelledAt),
        sql`${trainingTasks.dueDay} between ${fromDay} and ${toDay}`,
        sql`${trainingTasks.startDay} <= ${today}`,
      ),
    )
    .orderBy(asc(trainingTasks.id));
}

/** A current member of the team with their name, or undefined (another team's, or nobody). */
export async function teamMember(db: Db, teamId: number, userId: number) {
  const [row] = await db
    .select({ userId: userNames.id, nickName: userNames.nickName })
    .from(teamRosters)
    .innerJoin(userNames, eq(userNames.id, teamRosters.userId))
    .where(and(eq(teamRosters.teamId, teamId), eq(teamRosters.userId, userId)));
  return row;
}

/** The team's tasks that reach this member, directly or through a group, cancelled ones too. */
export async function tasksReaching(db: Db, teamId: number, userId: number): Promise<TaskRow[]> {
  return db
    .select()
    .from(trainingTasks)
    .where(
      and(
        eq(trainingTasks.teamId, teamId),
        sql`(${trainingTasks.id} in (select task_id from training_task_users where user_id = ${userId})
          or ${trainingTasks.id} in (select tg.task_id from training_task_groups tg
            join training_group_members gm on gm.group_id = tg.group_id where gm.user_id = ${userId}))`,
      ),
    )
    .orderBy(sql`${trainingTasks.cancelledAt} is not null`, asc(trainingTasks.dueDay), asc(trainingTasks.id));
}

/** The user ids of a group's members (the caller checked the group is the team's). */
export async function groupMemberIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: trainingGroupMembers.userId })
    .from(trainingGroupMembers)
    .where(eq(trainingGroupMembers.groupId, groupId));
  return rows.map((r) => r.userId);
}
