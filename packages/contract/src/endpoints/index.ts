/**
 * Every JSON endpoint of the API, by the group of its path in `Routes` (`endpoints.course.list` is
 * `Routes.course.list`; the two top-level ones are `endpoints.system`). See endpoint.ts.
 */
import type { EndpointDef, EndpointsOf } from '../endpoint.ts';
import { ai } from './ai.ts';
import { attachment } from './attachment.ts';
import { auth } from './auth.ts';
import { cart } from './cart.ts';
import { certificate } from './certificate.ts';
import { comment } from './comment.ts';
import { coupon } from './coupon.ts';
import { course } from './course.ts';
import { courseExam } from './course-exam.ts';
import { exam } from './exam.ts';
import { file } from './file.ts';
import { invoice } from './invoice.ts';
import { learn } from './learn.ts';
import { lesson } from './lesson.ts';
import { media } from './media.ts';
import { notification } from './notification.ts';
import { order } from './order.ts';
import { quiz } from './quiz.ts';
import { refund } from './refund.ts';
import { share } from './share.ts';
import { store } from './store.ts';
import { system } from './system.ts';
import { team } from './team.ts';
import { training } from './training.ts';
import { user } from './user.ts';

export const endpoints = {
  ai,
  attachment,
  auth,
  cart,
  certificate,
  comment,
  coupon,
  course,
  courseExam,
  exam,
  file,
  invoice,
  learn,
  lesson,
  media,
  notification,
  order,
  quiz,
  refund,
  share,
  store,
  system,
  team,
  training,
  user,
};

/** Each endpoint's name in the table (`ai.documentParse`): its OpenAPI operationId. */
export const endpointNames: ReadonlyMap<EndpointDef, string> = new Map(
  Object.entries(endpoints).flatMap(([group, entries]) =>
    Object.entries(entries).map(([key, def]): [EndpointDef, string] => [def, `${group}.${key}`]),
  ),
);

/** Every endpoint, as one union. */
export type AnyEndpoint = EndpointsOf<typeof endpoints>;
/** The endpoint at a path (every JSON path has one method). */
export type EndpointAt<P extends AnyEndpoint['path']> = Extract<AnyEndpoint, { path: P }>;
/** The paths of the endpoints called with a method. */
export type PathsOf<M extends AnyEndpoint['method']> = Extract<AnyEndpoint, { method: M }>['path'];
/** The paths of the endpoints that report their progress (`progress`). */
export type ProgressPaths = Extract<AnyEndpoint, { progress: object }>['path'];
