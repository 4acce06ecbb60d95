/** Drizzle schema: the one description of the tables. Migrations are generated from it (drizzle-kit). */
import type { AiCreateRequest, CoursePreview, DocNode, Outline } from '@studio/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }),
    passwordHash: text('password_hash'),
    nickName: varchar('nick_name', { length: 40 }).notNull(),
    headImage: text('head_image').notNull().default(''),
    wechatOpenId: varchar('wechat_open_id', { length: 128 }),
    wechatUnionId: varchar('wechat_union_id', { length: 128 }),
    lastTeamId: integer('last_team_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_wechat_open_id_uq').on(t.wechatOpenId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    salt: varchar('salt', { length: 32 }).notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/** Fixed-window counters shared by every process (login tries, SMS sends). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 200 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

/** One row per WeChat QR login attempt; the state is single-use. */
export const wechatStates = pgTable('wechat_states', {
  state: varchar('state', { length: 64 }).primaryKey(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  /** Simulator only: the code the simulated phone confirmed, and the simulated openid. */
  simCode: varchar('sim_code', { length: 64 }),
  simOpenId: varchar('sim_open_id', { length: 128 }),
  simNickName: varchar('sim_nick_name', { length: 40 }),
});

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    teamCode: varchar('team_code', { length: 16 }).notNull(),
    teamName: varchar('team_name', { length: 60 }).notNull(),
    teamLogo: text('team_logo').notNull().default(''),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    expireDate: ts('expire_date'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teams_code_uq').on(t.teamCode)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 10 }).notNull(),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_pk').on(t.teamId, t.userId),
    index('team_members_user_idx').on(t.userId),
    // Exactly one OWNER per team, enforced by the database as well as the service.
    uniqueIndex('team_members_one_owner')
      .on(t.teamId)
      .where(sql`${t.role} = 'OWNER'`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export const teamInvites = pgTable(
  'team_invites',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 64 }).notNull(),
    role: varchar('role', { length: 10 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_invites_token_uq').on(t.token)],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    title: varchar('title', { length: 120 }).notNull(),
    subtitle: varchar('subtitle', { length: 240 }).notNull().default(''),
    summary: text('summary').notNull().default(''),
    cover: text('cover').notNull().default(''),
    category: varchar('category', { length: 20 }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    price: integer('price'),
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    version: integer('version').notNull().default(1),
    releasedVersion: integer('released_version'),
    /** Paid order items of this course, kept with the grant in one transaction (store sort by sales). */
    sales: integer('sales').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('courses_team_idx').on(t.teamId, t.updatedAt)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 120 }).notNull(),
    content: jsonb('content').$type<DocNode>().notNull(),
    position: integer('position').notNull(),
    durationMin: integer('duration_min').notNull().default(0),
    freePreview: boolean('free_preview').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('lessons_course_idx').on(t.courseId, t.position)],
);

/** An immutable snapshot of a course as released; the store reads these, never the draft. */
export const courseReleases = pgTable(
  'course_releases',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    versionNo: integer('version_no').notNull(),
    snapshot: jsonb('snapshot').$type<CoursePreview>().notNull(),
    /** The snapshot's title, as a column so the store can search it with a trigram index. */
    title: varchar('title', { length: 120 }).notNull().default(''),
    notes: text('notes').notNull().default(''),
    price: integer('price').notNull(),
    releasedBy: integer('released_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_releases_version_uq').on(t.courseId, t.versionNo),
    index('course_releases_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const shares = pgTable(
  'shares',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    allowCopy: boolean('allow_copy').notNull().default(false),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('shares_course_idx').on(t.courseId)],
);

export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;

export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    selected: boolean('selected').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_items_uq').on(t.userId, t.teamId, t.courseId)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    amount: integer('amount').notNull(),
    provider: varchar('provider', { length: 20 }).notNull().default('sandbox'),
    providerTxn: varchar('provider_txn', { length: 64 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [uniqueIndex('orders_no_uq').on(t.orderNo), index('orders_user_idx').on(t.userId, t.createdAt)],
);

/** Line items snapshot what was bought: title, version and price at checkout. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    versionNo: integer('version_no').notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    price: integer('price').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const entitlements = pgTable(
  'entitlements',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    grantedAt: ts('granted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('entitlements_uq').on(t.teamId, t.courseId)],
);

/** Every payment notification seen, by the provider's event id: a replay is recognised and ignored. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 20 }).notNull(),
    eventId: varchar('event_id', { length: 80 }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    outcome: varchar('outcome', { length: 20 }).notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_uq').on(t.provider, t.eventId)],
);

/** Installation-wide settings that every process must share (e.g. the sandbox signing key). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
});

export type OrderRow = typeof orders.$inferSelect;

export const aiJobs = pgTable(
  'ai_jobs',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16 }).notNull(),
    request: jsonb('request').$type<AiCreateRequest>().notNull(),
    outline: jsonb('outline').$type<Outline>(),
    generatorKind: varchar('generator_kind', { length: 10 }).notNull(),
    generatorLabel: varchar('generator_label', { length: 80 }).notNull(),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ai_jobs_team_idx').on(t.teamId, t.createdAt)],
);

export const aiJobLessons = pgTable(
  'ai_job_lessons',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => aiJobs.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    lessonId: integer('lesson_id'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (t) => [uniqueIndex('ai_job_lessons_pk').on(t.jobId, t.idx)],
);

/** The ordered event log of a job: the SSE stream replays it from Last-Event-ID, so nothing is lost. */
export const aiEvents = pgTable(
  'ai_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => aiJobs.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ai_events_job_idx').on(t.jobId, t.id)],
);

export type AiJobRow = typeof aiJobs.$inferSelect;
