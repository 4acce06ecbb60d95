/**
 * The server's entry: drizzle-orm's resolve hooks first (`platform/drizzle-resolve.ts`: a second
 * less per process start), then the start itself, imported after them so that its imports go
 * through them.
 */
import './platform/drizzle-resolve.ts';

await import('./start-server.ts');
