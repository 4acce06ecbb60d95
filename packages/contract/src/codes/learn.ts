import type { CodeEntry } from './entry.ts';

export const LEARN = {
  /** Completing a lesson whose quizzes are not all answered. */
  QUIZ_UNANSWERED: { code: 60001, key: 'errors.quizUnanswered', zh: '请先回答本课时的全部测验' },
  /** A lesson id that is not a lesson of the course's release the learner reads (HTTP 400). */
  LESSON_NOT_IN_COURSE: {
    code: 60010,
    key: 'errors.lessonNotInCourse',
    zh: '课时不属于这门课程',
    httpStatus: 400,
  },
  /** A quiz id that is not a quiz of the lesson (HTTP 400). */
  QUIZ_NOT_IN_LESSON: {
    code: 60011,
    key: 'errors.quizNotInLesson',
    zh: '测验不在这个课时中',
    httpStatus: 400,
  },
  /** An answer that does not fit its quiz (HTTP 400; `answerShapeError` in quiz.ts picks which). */
  ANSWER_TEXT_NEEDED: {
    code: 60012,
    key: 'errors.answerTextNeeded',
    zh: '填空题请填写文字答案',
    httpStatus: 400,
  },
  ANSWER_CHOICE_NEEDED: {
    code: 60013,
    key: 'errors.answerChoiceNeeded',
    zh: '选择题请选择选项',
    httpStatus: 400,
  },
  ANSWER_CHOICE_UNKNOWN: {
    code: 60014,
    key: 'errors.answerChoiceUnknown',
    zh: '选项不存在',
    httpStatus: 400,
  },
  ANSWER_CHOICE_REPEATED: {
    code: 60015,
    key: 'errors.answerChoiceRepeated',
    zh: '选项重复',
    httpStatus: 400,
  },
  ANSWER_ONE_CHOICE_ONLY: {
    code: 60016,
    key: 'errors.answerOneChoiceOnly',
    zh: '单选题只能选择一个选项',
    httpStatus: 400,
  },
  /** A watch save for a media id that is not a media block of the lesson (HTTP 400). */
  MEDIA_NOT_IN_LESSON: {
    code: 60017,
    key: 'errors.mediaNotInLesson',
    zh: '音视频不在这个课时中',
    httpStatus: 400,
  },
  /** A watched interval or position past the media's duration (HTTP 400). */
  WATCH_OUT_OF_RANGE: {
    code: 60018,
    key: 'errors.watchOutOfRange',
    zh: '观看进度超出了音视频的时长',
    httpStatus: 400,
  },
  /**
   * A watch save that starts past the furthest point watched while the course forbids seeking ahead
   * (CompletionSettings.noSeekAhead, 禁止拖动未看部分). Nothing of that save is stored.
   */
  WATCH_SEEK_AHEAD: {
    code: 60019,
    key: 'errors.watchSeekAhead',
    zh: '禁止拖动：本课程要求按顺序观看，不能跳到还没看过的部分',
    httpStatus: 400,
  },
} as const satisfies Record<string, CodeEntry>;
