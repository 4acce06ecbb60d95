import { z } from 'zod';
import { queryIdSchema } from './common.ts';

/** Live co-editing: the WebSocket path on the app's own HTTP server (Hocuspocus protocol). */
export const COLLAB_PATH = '/api/collab';
/** The Hocuspocus document of a lesson. */
export const collabDocumentName = (lessonId: number | string): string => `lesson:${lessonId}`;
/** The lesson id of a document name; null for a name that is not `lesson:<digits>`. */
export const lessonIdOfDocument = (name: string): number | null => {
  const m = /^lesson:([1-9]\d{0,15})$/.exec(name);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) ? id : null;
};

/** /lesson/presence: who is connected to the course's lessons now. */
export const lessonPresenceQuery = z.object({ courseId: queryIdSchema });
export const presenceUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
});
export type PresenceUser = z.infer<typeof presenceUserSchema>;
export const lessonPresenceSchema = z.object({
  lessons: z.array(z.object({ lessonId: z.number().int(), users: z.array(presenceUserSchema) })),
});
export type LessonPresence = z.infer<typeof lessonPresenceSchema>;
