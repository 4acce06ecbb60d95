/**
 * The change list between two versions of a course (release snapshots, or the draft as a snapshot):
 * what `/course/release/diff` answers and the release page and 有未发布的修改 show.
 */
import { DEFAULT_COMPLETION } from './constants.ts';
import { docDiff } from './doc-diff.ts';
import type { CoursePreview } from './schemas/course.ts';
import { COURSE_DIFF_FIELDS, type CourseChanges, type CourseDiffField } from './schemas/history.ts';

const fieldText = (course: CoursePreview, field: CourseDiffField): string | null => {
  if (field === 'completion') {
    const { minLessonSeconds, passMark, maxQuizAttempts, noSeekAhead } =
      course.completion ?? DEFAULT_COMPLETION;
    // noSeekAhead only when on: a course saved before the setting existed reads the same as one with it off.
    return JSON.stringify({
      minLessonSeconds,
      passMark,
      maxQuizAttempts,
      ...(noSeekAhead ? { noSeekAhead } : {}),
    });
  }
  const value = course[field];
  if (value === null) return null;
  return Array.isArray(value) ? value.join('、') : String(value);
};

export function courseChanges(before: CoursePreview, after: CoursePreview): CourseChanges {
  const fields = COURSE_DIFF_FIELDS.flatMap((field) => {
    const [b, a] = [fieldText(before, field), fieldText(after, field)];
    return b === a ? [] : [{ field, before: b, after: a }];
  });
  const beforeById = new Map(before.lessons.map((l) => [l.lessonId, l]));
  const afterIds = new Set(after.lessons.map((l) => l.lessonId));
  // Moves are read among the lessons both versions have, so an insertion moves nothing.
  const commonBefore = before.lessons.filter((l) => afterIds.has(l.lessonId)).map((l) => l.lessonId);
  const commonAfter = after.lessons.filter((l) => beforeById.has(l.lessonId)).map((l) => l.lessonId);
  const lessons: CourseChanges['lessons'] = [];
  const none = { added: false, removed: false, moved: null, renamed: null, settings: false, diff: null };
  for (const l of after.lessons) {
    const old = beforeById.get(l.lessonId);
    if (!old) {
      lessons.push({ ...none, lessonId: l.lessonId, title: l.title, added: true });
      continue;
    }
    const from = commonBefore.indexOf(l.lessonId) + 1;
    const to = commonAfter.indexOf(l.lessonId) + 1;
    const change = {
      ...none,
      lessonId: l.lessonId,
      title: l.title,
      moved: from !== to ? { from, to } : null,
      renamed: old.title !== l.title ? old.title : null,
      settings: old.freePreview !== l.freePreview || old.durationMin !== l.durationMin,
      // Any change of the content counts (a mark, an image); the diff shows its text.
      diff:
        JSON.stringify(old.content) === JSON.stringify(l.content) ? null : docDiff(old.content, l.content),
    };
    if (change.moved || change.renamed !== null || change.settings || change.diff) lessons.push(change);
  }
  for (const l of before.lessons) {
    if (!afterIds.has(l.lessonId))
      lessons.push({ ...none, lessonId: l.lessonId, title: l.title, removed: true });
  }
  return { changed: fields.length > 0 || lessons.length > 0, fields, lessons };
}
