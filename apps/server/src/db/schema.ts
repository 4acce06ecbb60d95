/** Drizzle schema: the one description of the tables, by domain. Migrations are generated from it. */
export * from './schema/users.ts';
export * from './schema/accounts.ts';
export * from './schema/teams.ts';
export * from './schema/courses.ts';
export * from './schema/store.ts';
export * from './schema/ai.ts';
export * from './schema/learning.ts';
export * from './schema/search.ts';
export * from './schema/coupons.ts';
export * from './schema/media.ts';
export * from './schema/attachments.ts';
export * from './schema/collab.ts';
export * from './schema/comments.ts';
export * from './schema/exams.ts';
export * from './schema/training.ts';
export * from './schema/notifications.ts';
