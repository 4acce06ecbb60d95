/**
 * Every JSON endpoint of the API, by the group of its path in `Routes` (`endpoints.course.list` is
 * `Routes.course.list`; the two top-level ones are `endpoints.system`). See endpoint.ts.
 */
import type { EndpointsOf } from '../endpoint.ts';
import { course } from './course.ts';
import { lesson } from './lesson.ts';
import { share } from './share.ts';

export const endpoints = { course, lesson, share };

/** Every endpoint, as one union. */
export type AnyEndpoint = EndpointsOf<typeof endpoints>;
/** The endpoint at a path (every JSON path has one method). */
export type EndpointAt<P extends AnyEndpoint['path']> = Extract<AnyEndpoint, { path: P }>;
/** The paths of the endpoints called with a method. */
export type PathsOf<M extends AnyEndpoint['method']> = Extract<AnyEndpoint, { method: M }>['path'];
