/**
 * The courses module's face: the only file other modules import from modules/courses
 * (eslint.config.js). Above it sit AI (drafts, generated and translated text), collab (live lessons),
 * comments (a lesson's course and place), media (what lessons and releases refer to, a share's lesson)
 * and the public pages (a share's page); below it attachments (a release copies their list), which
 * asks about lessons and shares through `registerCourses`' provider.
 */
export { registerCourses } from './lesson-gate.ts';
export { mediaInUse } from './media-refs.service.ts';
export { sharedLessonFacts } from './shares.service.ts';
export { courseDetail, createDraftCourseForAi, requireCourse } from './courses.service.ts';
export {
  courseLessonIds,
  existingLessonIds,
  lessonContentOf,
  liveLessonOf,
  storeLiveLesson,
} from './lesson-live.service.ts';
export { LessonTooLargeError, lessonOwner, lessonPlaces, writeGeneratedLesson } from './lessons.service.ts';
export { listedForSitemap } from './releases.repo.ts';
export { viewShare } from './shares.service.ts';
export {
  contentHash,
  readCourseContent,
  translationsOf,
  writeTranslatedCourseTexts,
  writeTranslatedLessonTitle,
} from './translations.service.ts';
