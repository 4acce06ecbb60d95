/**
 * The courses module's face: the only file other modules import from modules/courses
 * (eslint.config.js; modules/media and modules/attachments still reach its services until their
 * rework). Above it sit AI (drafts, generated and translated text), collab (live lessons), comments
 * (a lesson's course and place) and the public pages (a share's page).
 */
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
