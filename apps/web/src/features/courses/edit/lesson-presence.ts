import type { LessonPresence, PresenceUser } from '@studio/contract';

/** The presence answer as lessonId → who is there (each person once, in the order the server gave). */
export const editingByLesson = (presence: LessonPresence | undefined): Map<number, PresenceUser[]> => {
  const byLesson = new Map<number, PresenceUser[]>();
  for (const { lessonId, users } of presence?.lessons ?? []) {
    const seen = new Set<number>();
    const unique = users.filter((u) => !seen.has(u.id) && seen.add(u.id));
    if (unique.length) byLesson.set(lessonId, unique);
  }
  return byLesson;
};
