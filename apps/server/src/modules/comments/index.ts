/**
 * The comments module's face: nothing of modules/comments is imported by another module. What it
 * adds to others it registers on the app's context (docs/decisions/module-meeting.md): unresolved
 * threads are a warning of the courses' release check (the `courses.releaseWarnings` provider).
 */
import type { AppContext } from '../../platform/context.ts';
import { provideReleaseWarnings } from './comments.service.ts';

export { commentsRoutes } from './comments.routes.ts';

/** At app build time (app.ts): what comments offers the other modules through the context. */
export function register(ctx: AppContext): void {
  provideReleaseWarnings(ctx);
}
