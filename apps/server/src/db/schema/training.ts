/**
 * Member groups (分组) and learning tasks (学习任务) of a team. A task reaches the members named on it
 * and, at every read, the current members of its groups: joining a group later brings its open
 * tasks. Progress is learning's (learning_courses): a task only reads it, so editing or cancelling a
 * task changes nothing a member did.
 */
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { courses } from './courses.ts';
import { teams } from './teams.ts';
import { ts } from './columns.ts';

const team = () =>
  integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

export const trainingGroups = pgTable(
  'training_groups',
  {
    id: serial('id').primaryKey(),
    teamId: team(),
    name: varchar('name', { length: 30 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('training_groups_team_name_uq').on(t.teamId, t.name)],
);

/** A member of a group; a member who leaves the team is dropped at read (joined with team_members). */
export const trainingGroupMembers = pgTable(
  'training_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => trainingGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('training_group_members_user_idx').on(t.userId),
  ],
);

export const trainingTasks = pgTable(
  'training_tasks',
  {
    id: serial('id').primaryKey(),
    teamId: team(),
    title: varchar('title', { length: 60 }).notNull(),
    /** 必修 (true) or 选修. */
    required: boolean('required').notNull(),
    /** China days (china-time.ts): starts as the start day begins, overdue once the due day ends. */
    startDay: date('start_day', { mode: 'string' }).notNull(),
    dueDay: date('due_day', { mode: 'string' }).notNull(),
    /** The exam to pass as well as the courses (exams' id; checked to be the team's when set). */
    examId: integer('exam_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Hidden from members' to-do; kept, with what they did, for the record. */
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [index('training_tasks_team_idx').on(t.teamId, t.createdAt)],
);

export const trainingTaskCourses = pgTable(
  'training_task_courses',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => trainingTasks.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The course's title when assigned: the task still names it if the team later loses the course. */
    title: varchar('title', { length: 120 }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.courseId] })],
);

export const trainingTaskUsers = pgTable(
  'training_task_users',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => trainingTasks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('training_task_users_user_idx').on(t.userId)],
);

export const trainingTaskGroups = pgTable(
  'training_task_groups',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => trainingTasks.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => trainingGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.groupId] }),
    index('training_task_groups_group_idx').on(t.groupId),
  ],
);
