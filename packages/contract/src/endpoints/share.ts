import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import {
  courseIdQuery,
  courseSchema,
  shareCreateBody,
  shareIdSchema,
  shareListSchema,
  shareSchema,
  shareViewSchema,
} from '../schemas/course.ts';

const shareIdBody = z.object({ shareId: shareIdSchema });

export const share = {
  create: endpoint({
    method: 'POST',
    path: Routes.share.create,
    auth: 'team',
    summary: 'Create a share link',
    input: shareCreateBody,
    output: shareSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: Routes.share.list,
    auth: 'team',
    summary: 'Share links of a course',
    input: courseIdQuery,
    output: shareListSchema,
  }),
  revoke: endpoint({
    method: 'POST',
    path: Routes.share.revoke,
    auth: 'team',
    summary: 'Revoke a share link',
    input: shareIdBody,
    output: z.null(),
  }),
  view: endpoint({
    method: 'GET',
    path: Routes.share.view,
    auth: 'public',
    summary:
      'A shared course, read-only, for anyone with the link (a paid course: free-preview lessons only; 30003 when expired or revoked)',
    input: shareIdBody,
    output: shareViewSchema,
  }),
  copy: endpoint({
    method: 'POST',
    path: Routes.share.copy,
    auth: 'team',
    summary: 'Copy a shared course into the current team (30005 for a paid course)',
    input: shareIdBody,
    output: courseSchema,
  }),
};
