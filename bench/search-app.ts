/**
 * The real server, started under another file name: the search bench runs for many minutes on a
 * machine where other work stops stray `…/server.ts` processes by name.
 */
import '../apps/server/src/server.ts';
