import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { lessonPresenceQuery, lessonPresenceSchema } from '../schemas/collab.ts';
import { pageSchema } from '../schemas/common.ts';
import {
  lessonCreateBody,
  lessonIdBody,
  lessonIdQuery,
  lessonReorderBody,
  lessonSaveBody,
  lessonSavedSchema,
  lessonSchema,
  lessonSummarySchema,
} from '../schemas/course.ts';
import {
  lessonCheckpointBody,
  lessonHistoryQuery,
  lessonRestoreBody,
  lessonRevisionDetailSchema,
  lessonRevisionSchema,
  revisionIdQuery,
} from '../schemas/history.ts';

export const lesson = {
  create: endpoint({
    method: 'POST',
    path: Routes.lesson.create,
    auth: 'team',
    summary: 'Add a lesson at the end',
    input: lessonCreateBody,
    output: lessonSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: Routes.lesson.detail,
    auth: 'team',
    summary: 'A lesson with its content',
    input: lessonIdQuery,
    output: lessonSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: Routes.lesson.save,
    auth: 'team',
    summary: 'Save a lesson (409 on a stale version)',
    input: lessonSaveBody,
    output: lessonSavedSchema,
    rateLimit: { max: 240, timeWindow: '1 minute' },
    bodyLimit: 1024 * 1024,
  }),
  reorder: endpoint({
    method: 'POST',
    path: Routes.lesson.reorder,
    auth: 'team',
    summary: 'Reorder the lessons of a course',
    input: lessonReorderBody,
    output: z.array(lessonSummarySchema),
  }),
  duplicate: endpoint({
    method: 'POST',
    path: Routes.lesson.duplicate,
    auth: 'team',
    summary: 'Duplicate a lesson',
    input: lessonIdBody,
    output: lessonSchema,
  }),
  delete: endpoint({
    method: 'POST',
    path: Routes.lesson.delete,
    auth: 'team',
    summary: 'Delete a lesson',
    input: lessonIdBody,
    output: z.null(),
  }),
  history: endpoint({
    method: 'GET',
    path: Routes.lesson.history,
    auth: 'team',
    summary: "A lesson's revisions, newest first",
    input: lessonHistoryQuery,
    output: pageSchema(lessonRevisionSchema),
  }),
  historyDetail: endpoint({
    method: 'GET',
    path: Routes.lesson.historyDetail,
    auth: 'team',
    summary: 'A revision with its content',
    input: revisionIdQuery,
    output: lessonRevisionDetailSchema,
  }),
  restore: endpoint({
    method: 'POST',
    path: Routes.lesson.restore,
    auth: 'team',
    summary: 'Restore a revision as a new version of its lesson',
    input: lessonRestoreBody,
    output: lessonSchema,
  }),
  historyCheckpoint: endpoint({
    method: 'POST',
    path: Routes.lesson.historyCheckpoint,
    auth: 'team',
    summary: "Keep the lesson's current text as a revision (before an AI assist)",
    input: lessonCheckpointBody,
    output: z.null(),
  }),
  presence: endpoint({
    method: 'GET',
    path: Routes.lesson.presence,
    auth: 'team',
    summary: 'Who is editing each lesson of a course now (live co-editing)',
    input: lessonPresenceQuery,
    output: lessonPresenceSchema,
  }),
};
