/**
 * The live co-editing module's face: nothing of modules/collab is imported by another module (it
 * reads lessons through the courses face). Courses reaches its live documents through the
 * `collab.liveLessons` provider this registers (docs/decisions/module-meeting.md).
 */
import type { AppContext } from '../../platform/context.ts';
import type { Collab } from './collab.ts';

export { collabRoutes } from './collab.routes.ts';
export { createCollab, type Collab } from './collab.ts';

/** At app build time, once the collab server exists (app.ts): courses' saves and releases reach it. */
export function register(ctx: AppContext, collab: Collab): void {
  ctx.providers.provide('collab.liveLessons', collab);
}
