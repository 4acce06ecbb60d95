import { z } from 'zod';

// Validation messages in Chinese for every schema, on both sides (the product is Chinese first).
z.config(z.locales.zhCN());

export * from './codes.ts';
export * from './messages.ts';
export * from './constants.ts';
export * from './images.ts';
export * from './routes.ts';
export * from './schemas/common.ts';
export * from './schemas/account.ts';
export * from './schemas/team.ts';
export * from './schemas/team-invitation.ts';
export * from './schemas/course.ts';
export * from './schemas/history.ts';
export * from './doc-diff.ts';
export * from './course-diff.ts';
export * from './schemas/store.ts';
export * from './schemas/coupon.ts';
export * from './schemas/ai.ts';
export * from './schemas/ai-translate.ts';
export * from './schemas/ai-usage.ts';
export * from './content-sanitizer.ts';
export * from './quiz.ts';
export * from './schemas/learn.ts';
export * from './schemas/media.ts';
export * from './schemas/attachment.ts';
export * from './schemas/collab.ts';
export * from './schemas/comment.ts';
export * from './schemas/exam.ts';
export * from './public-page.ts';
export * from './store-list-address.ts';
export * from './price.ts';
export * from './china-time.ts';
export * from './schemas/training.ts';
export * from './schemas/training-report.ts';
export * from './endpoint.ts';
export * from './endpoints/index.ts';
