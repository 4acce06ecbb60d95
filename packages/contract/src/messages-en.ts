import { Code, codeEntryOf, type CodeMessageName } from './codes.ts';
import type { UiLang } from './constants.ts';
import {
  formatMessage,
  messageFor,
  TEAM_MESSAGES,
  VALIDATION_MESSAGES,
  type MessageParams,
} from './messages.ts';

/**
 * The business codes' messages in English (`errors.<name>`), beside the Chinese of `codes.ts`: the
 * web's English `errors` resource, and the server's `msg` for a request in English (`messageIn`).
 * Every code has one, with the same params (the web's `one-wording.test.ts` checks). Kept out of
 * `@studio/contract/constants`, so the web's first load (Chinese) does not carry it.
 */
export const CODE_MESSAGES_EN: Readonly<Record<CodeMessageName, string>> = {
  ok: 'Success',
  badRequest: 'Request parameters incorrect',
  unauthorized: 'Login expired, please log in again',
  forbidden: 'No permission for this operation',
  notFound: 'Request not found',
  conflict: 'The content was changed elsewhere. Refresh and try again.',
  payloadTooLarge: 'The upload is too large',
  tooManyRequests: 'Too many requests, please retry later',
  serverError: 'Server error',
  noTeam: 'Please select a team first',
  teamExpired: 'The team has expired: it can be viewed but not changed',
  smsCodeWrong: 'The verification code is wrong or has expired',
  loginWrong: 'Wrong phone number or password',
  tooManyTries: 'Too many tries, please try again later',
  oldPasswordWrong: 'The current password is wrong',
  smsAlreadySent: 'The verification code has been sent',
  phoneNotBound: 'Please bind a phone number first',
  wechatStateInvalid: 'The WeChat login has expired. Please scan again.',
  wechatLoginFailed: 'WeChat login failed, please try again',
  wechatStateOtherBrowser: 'This WeChat authorisation was not started in this browser. Please log in again.',
  wechatCodeUsed: 'This WeChat authorisation code has been used. Please authorise again.',
  wechatMpOpenIdTaken: 'This WeChat is bound to another account. Log in with it or use another WeChat.',
  redirectNotAllowed: 'The redirect must be a page path on this site',
  phoneTakenByWechat: 'This phone number is bound to another WeChat account',
  fileTypeNotAllowed: 'Only PNG, JPG, GIF and WebP images are supported',
  phoneAlreadyBound: 'A phone number is already bound',
  smsCodeLocked: 'Too many wrong codes. Request a new code in {{waitSeconds, wait}}.',
  smsCodeLockedResend: 'Too many wrong codes. Please request a new code.',
  smsSendTooOften: 'Codes were requested too often. Please try again in {{waitSeconds, wait}}.',
  fileEmpty: 'The file is empty',
  imageUnreadable: 'The image is damaged or not readable. Please choose another PNG, JPG, GIF or WebP image.',
  loginLocked: 'Too many login attempts. Please try again in {{waitSeconds, wait}}.',
  loginWrongLastTry:
    'Wrong phone number or password. {{triesLeft}} try left before login is locked for {{lockSeconds, wait}}.',
  smsProviderLimited:
    'This number has received too many text messages. Try again later or log in another way.',
  smsPhoneRefused: 'This number cannot receive text messages. Check it and try again.',
  smsServiceUnavailable:
    'The text message service is not available right now. Try again later or log in another way.',
  imageTooManyPixels: 'The image is too large: at most {{maxMegapixels}} megapixels',
  teamNotFound: 'The team does not exist',
  ownerMustTransfer: 'Transfer ownership of the team before leaving it',
  cannotRemoveOwner: 'The team owner cannot be removed',
  inviteInvalid: 'The invite link has expired or been used up',
  cannotRemoveSelf: 'You cannot remove yourself; leave the team instead',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotChangeOwnerRole: "The owner's role cannot be changed",
  alreadyOwner: 'You are already the owner',
  invitationNotFound: 'The invitation does not exist or has already been answered',
  alreadyMember: 'You are already a member of this team',
  teamCodeDisabled: 'This team has turned its team code off: ask a team admin for an invite link',
  joinRequestNotFound: 'The join request does not exist or has already been answered',
  inviteLinkNotFound: 'The invite link does not exist',
  courseNotReady: 'The course is not complete yet and cannot be released',
  courseNotReleased: 'The course has not been released',
  shareExpired: 'The share link has expired or been revoked',
  shareCopyNotAllowed: 'The sharer does not allow copying this course',
  sharePaidNoCopy: 'A paid course cannot be copied. Buy it in the store.',
  lessonsLimit: 'A course can have at most {{max}} lessons',
  lessonContentTooLarge: 'Lesson content cannot exceed {{kb}} KB',
  lessonListChanged: 'The list of lessons has changed. Refresh and try again.',
  courseDeleteAwaitingPayment:
    'A buyer is paying for this course. It can be deleted once that order is paid or closed; you can unlist it now.',
  mediaTypeRefused: 'Only video (mp4, mov, mkv, webm) or audio (mp3, m4a, aac, wav) files can be uploaded',
  mediaEmpty: 'The file is empty; choose another one',
  mediaTooLarge: 'The file must be at most {{maxMb}} MB',
  mediaQuotaExceeded: "The team's media storage is full: {{usedMb}} MB of {{quotaMb}} MB used",
  mediaTooLong: 'Video and audio may be at most {{maxMinutes}} minutes long',
  mediaResolutionTooHigh: 'The video may be at most {{max}} pixels wide or high',
  mediaUnreadable: 'The file is damaged or incomplete and cannot be converted',
  mediaNotReady: 'The video is still being converted; try again shortly',
  mediaLinkExpired: 'The playback address has expired; reload the page',
  mediaLengthRequired: 'The upload must state the file size',
  mediaToolsMissing:
    'The server has no ffmpeg installed yet: video and audio cannot be uploaded. Please contact the administrator',
  attachmentTypeRefused:
    'Attachments may be PDF, slides (ppt, pptx, key, odp), documents (doc, docx), spreadsheets (xls, xlsx), zip or text (txt, md)',
  attachmentEmpty: 'The attachment is empty; choose another file',
  attachmentTooLarge: 'An attachment must be at most {{maxMb}} MB',
  attachmentLimit: 'A lesson may have at most {{max}} attachments',
  attachmentFileMissing: 'Choose a file to attach',
  attachmentLinkExpired: 'The download link has expired; download it again from the lesson',
  captionInvalid:
    'The caption file is malformed (near line {{line}}): upload a WebVTT (.vtt) or SRT (.srt) file',
  captionTooLarge: 'A caption file may be at most {{maxKb}} KB',
  captionTooManyCues: 'A caption file may hold at most {{max}} cues',
  captionEmpty: 'The caption file holds no captions',
  captionLimit: 'A video or audio may have captions in at most {{max}} languages',
  orderAlreadyPaid: 'The order has been paid',
  courseNotForSale: 'The course is not on sale',
  ownTeamCourse: "You cannot buy your own team's course",
  alreadyOwned: 'Your team already owns this course',
  cartEmpty: 'Choose the courses to buy first',
  orderExpired: 'The order has expired. Please place a new one.',
  paymentRejected: 'The payment notification failed verification',
  couponNotFound: 'There is no such coupon code',
  couponNotStarted: 'This coupon cannot be used yet',
  couponExpired: 'This coupon has expired or was stopped',
  couponUsedUp: 'This coupon has been used up',
  couponTeamLimit: 'Your team has already used this coupon',
  couponMinOrder: 'The courses this coupon applies to must add up to {{minYuan}} yuan',
  couponNotApplicable: 'None of the chosen courses takes this coupon',
  couponCodeTaken: 'This code is taken. Please choose another.',
  payProviderUnavailable: 'This payment method is not available',
  payMethodUnavailable: 'This payment method is not available here; please choose another',
  courseInPendingOrder:
    'This course is in order {{orderNo}}, awaiting payment. Pay or cancel that order first.',
  orderCoursesOwned:
    'Your team bought the courses of this order with order {{orderNo}}; it needs no payment.',
  orderNotCancellable: 'Only an order awaiting payment can be cancelled',
  orderCancelled: 'The order was cancelled. Please place a new one.',
  orderNotPaid: 'The order is not paid',
  refundWindowPassed: 'Refunds can only be asked for within {{days}} days of payment',
  refundExists: "A refund of this course has been asked for. Wait for the seller's team.",
  alreadyRefunded: 'This course has been refunded',
  refundNotPending: 'This refund request has been handled already',
  freeNotRefundable: 'A free course has nothing to refund',
  refundProviderFailed: 'The payment provider cannot refund right now. Try again later.',
  invoiceExists: 'An invoice has been asked for this order already',
  invoiceNotPdf: 'Upload the invoice as a PDF file',
  invoiceNotIssued: 'The invoice has not been issued yet',
  invoiceAlreadyIssued: 'The invoice has been issued already',
  aiOutlineLocked: 'Lessons are already being generated from this outline; it can no longer be changed',
  aiOutlineNotReady: 'The outline is not ready yet',
  aiAlreadyGenerating: 'The lessons are already being generated',
  aiRetryNotAllowed: 'This job cannot be retried in its current state',
  aiRestartNotAllowed: 'Only a cancelled or failed job can be started again',
  aiLessonNotFailed: 'This lesson has not failed; there is nothing to retry',
  aiDocEmpty: 'The file is empty; there is nothing to read',
  aiDocUnknownFormat:
    'Unrecognized file format: PDF, Word (.docx), PowerPoint (.pptx), Markdown and plain text are supported',
  aiDocTooLarge: 'The file is over {{maxMb}} MB; split it and upload the parts',
  aiDocTooManyPages: 'The document has {{pages}} pages; at most {{max}} are supported. Split it first.',
  aiDocEncrypted: 'The file is encrypted (password protected); remove the password and upload it again',
  aiDocNoText: 'The document has no text to extract (a scan or images?); upload a version with text',
  aiDocCorrupt: 'The file is damaged or its content does not match its format; it cannot be read',
  aiDocTooComplex: 'The file inflates too large or has too many entries; it was not read',
  aiDocTimeout: 'Reading the document took over {{seconds}} seconds and was stopped',
  aiDocNotFound: 'The document was not found; upload it again',
  aiDocBadSources: 'The outline names sections the document does not have',
  aiTranslateNoProvider: 'No AI service is configured, so the course cannot be translated',
  aiTranslateSameLanguage: 'The course is already in that language; choose another',
  aiTranslateLessonFailed: 'This lesson could not be translated; retry it on its own',
  aiBudgetUsedUp:
    "The team's AI budget for this month ({{limit}} tokens) is used up. It renews next month; ask a manager to raise it to go on now",
  aiBudgetStopped:
    "The team's AI budget for this month ({{limit}} tokens) ran out, so the job stopped. Continue it once the budget allows",
  aiOutlineFailed: 'The outline could not be generated. Try again.',
  aiOutlineServiceFailed: 'The generation service failed. Try again later.',
  aiLessonFailed: 'This lesson could not be generated. You can retry it on its own.',
  aiLessonServiceFailed: 'The generation service failed. You can retry this lesson on its own.',
  aiLessonTooLarge: 'The generated lesson is over {{kb}} KB. You can retry it on its own.',
  aiLessonsPartlyFailed: 'Some lessons could not be generated. You can retry each on its own.',
  aiLessonCancelled: 'The job was cancelled before this lesson was written. You can retry it on its own.',
  aiAssistUnavailable: 'The AI assistant is not available right now. Try again later.',
  quizUnanswered: 'Answer every quiz in this lesson first',
  lessonNotInCourse: 'This lesson is not part of the course',
  quizNotInLesson: 'This quiz is not in this lesson',
  answerTextNeeded: 'Type an answer to fill in the blank',
  answerChoiceNeeded: 'Choose an option to answer this question',
  answerChoiceUnknown: 'That option does not exist',
  answerChoiceRepeated: 'An option was chosen twice',
  answerOneChoiceOnly: 'Choose only one option for a single-choice question',
  lessonMinTime: 'Study {{waitSeconds, wait}} more before marking this lesson as done',
  quizNotPassed: 'Your quiz score in this lesson is {{score}}%; {{passMark}}% is needed to complete it',
  quizAttemptsUsedUp: 'All {{max}} attempts at this quiz are used',
  mediaNotInLesson: 'This video or audio is not in this lesson',
  watchOutOfRange: 'The watched time goes past the end of the video or audio',
  watchSeekAhead:
    'Seeking ahead is not allowed: this course must be watched in order, not past what you have watched',
  mediaNotWatched:
    'Watch the video or audio of this lesson first: {{watched}}% watched, {{required}}% needed',
  collabUnauthorized: 'Your login has expired. Please log in again.',
  collabNotFound: 'The lesson does not exist or you have no access to it',
  collabRemoved: 'You are no longer in this team; editing has been disconnected',
  collabSessionRevoked: 'You were logged out elsewhere; editing has been disconnected',
  collabLessonDeleted: 'This lesson has been deleted',
  collabMessageTooLarge: 'The change was too large; the connection was closed',
  collabDocTooLarge: 'The lesson is over the size limit and cannot be edited further',
  collabTooManyConnections: 'Too many connections. Please try again later.',
  collabMalformed: 'Unrecognised data was received; the connection was closed',
  collabSlowClient: 'The network is too slow; the connection was closed',
  collabBadDocument: 'Invalid document name',
  commentNotFound: 'The comment does not exist or has been deleted',
  commentMentionNotMember: 'Only members of this team can be @mentioned',
  commentEmpty: 'A comment cannot be empty',
  commentThreadsLimit: 'A lesson can have at most {{max}} comments; delete some resolved ones first',
  commentRepliesLimit: 'A comment can have at most {{max}} replies',
  examImportTooMany: 'At most {{max}} questions can be imported at once; split the file and try again',
  examImportTooLarge: 'The import file cannot be larger than {{maxMb}} MB',
  examImportBroken: 'The file cannot be read; use the downloaded template (.xlsx or .csv)',
  examImportFormula: 'Cell {{cell}} holds a formula; please enter plain text only',
  examImportInvalid: 'Rows that are not valid questions: {{count}}; nothing was imported',
  examImportEmpty: 'The file has no questions',
  examBankTooFew: 'Not enough matching questions in the bank: {{need}} needed, {{have}} found',
  examTimeUp: 'Time is up: the paper was handed in as it stood',
  examAttemptsUsed: 'No attempts left (at most {{max}})',
  examClosed: 'The exam has closed',
  examAttemptSubmitted: 'This paper has been handed in and can no longer be answered',
  examAttemptNotYours: 'You can only answer your own paper',
  examQuestionNotInAttempt: 'This question is not in this paper',
  examAnswerShape: 'The answer does not fit the question type',
  trainingCourseNotHeld: 'Tasks can only use courses the team bought or released itself',
  trainingDueBeforeStart: 'The due date cannot be before the start date',
  trainingNoAssignees: 'Choose at least one member or group',
  trainingGroupNameTaken: 'A group with this name already exists',
  trainingTaskCancelled: 'The task was cancelled and can no longer be changed',
};

/** The team learning report's CSV columns in Chinese and English (the server picks the request's language). */
export const LEARN_REPORT_CSV_COLUMNS = {
  'zh-CN': {
    member: '成员',
    course: '课程',
    completedLessons: '已完成课时',
    lessons: '课时数',
    progress: '完成度(%)',
    lastActivity: '最近学习',
    completedAt: '完成时间',
    quizCorrect: '测验答对',
    quizAnswered: '测验已答',
    quizTotal: '测验总数',
    score: '测验得分(%)',
    passMark: '及格线(%)',
    watchMinutes: '观看时长(分钟)',
  },
  'en-US': {
    member: 'Member',
    course: 'Course',
    completedLessons: 'Lessons completed',
    lessons: 'Lessons',
    progress: 'Progress (%)',
    lastActivity: 'Last studied',
    completedAt: 'Completed at',
    quizCorrect: 'Quiz answers correct',
    quizAnswered: 'Quizzes answered',
    quizTotal: 'Quizzes',
    score: 'Quiz score (%)',
    passMark: 'Pass mark (%)',
    watchMinutes: 'Watch time (min)',
  },
} as const satisfies Record<UiLang, Record<string, string>>;

/**
 * A code's message in a language: the table's Chinese, or the English above for `en-*` (an
 * unknown code gets the 500 message), with its params filled.
 */
export function messageIn(lang: UiLang, code: number, params?: MessageParams): string {
  if (lang !== 'en-US') return messageFor(code, params);
  const key = (codeEntryOf(code) ?? codeEntryOf(Code.SERVER_ERROR)!).key;
  return formatMessage(CODE_MESSAGES_EN[key.slice('errors.'.length) as CodeMessageName], params, lang);
}

/** A table of texts in another language: the same keys, a text for each text, the same functions. */
type SameWording<T> = { readonly [K in keyof T]: T[K] extends string ? string : T[K] };

/** The input rules of `VALIDATION_MESSAGES` in English (same keys, same arguments). */
export const VALIDATION_MESSAGES_EN: SameWording<typeof VALIDATION_MESSAGES> = {
  uploadedImageOnly: 'only an uploaded image can be used',
  oldPasswordRequired: 'enter the current password',
  multipartRequired: 'multipart/form-data is required',
  fileMissing: 'the file is missing',
  beforeFile: 'must come before file',
  oneOf: (values: readonly string[]) => `must be one of ${values.join('/')}`,
  invalidJson: 'the request body is not valid JSON',
  invalid: 'invalid',
  nulCharacter: 'must not contain a NUL character (U+0000)',
  loneSurrogate: 'contains an invalid Unicode character (a lone surrogate)',
  tooDeep: (max: number) => `must not be nested more than ${max} levels`,
};

export type ValidationRuleKey = keyof typeof VALIDATION_MESSAGES;
/** A rule's arguments: `oneOf`'s values, `tooDeep`'s limit, none for the plain texts. */
export type ValidationRuleArgs<K extends ValidationRuleKey> = (typeof VALIDATION_MESSAGES)[K] extends (
  ...args: infer A
) => string
  ? A
  : [];

/** An input rule's text in a language. */
export function ruleIn<K extends ValidationRuleKey>(
  lang: UiLang,
  key: K,
  ...args: ValidationRuleArgs<K>
): string {
  const rule = (lang === 'en-US' ? VALIDATION_MESSAGES_EN : VALIDATION_MESSAGES)[key] as
    string | ((...a: ValidationRuleArgs<K>) => string);
  return typeof rule === 'function' ? rule(...args) : rule;
}

/** The team invitations' own messages in English (same keys as `TEAM_MESSAGES`). */
export const TEAM_MESSAGES_EN: SameWording<typeof TEAM_MESSAGES> = {
  invitationSent: 'Invitation sent: they join the team once they accept',
  alreadyMemberOther: 'This user is already a member of the team',
  removedFromTeam: (teamName: string) => `You were removed from the team “${teamName}”`,
};

/**
 * A success envelope's `msg` in a language: the code's own message (what `ok()` writes) or one of the
 * invitations' texts, in English for `en-US`; any other text as written.
 */
export function successMessageIn(lang: UiLang, code: number, msg: string): string {
  if (lang !== 'en-US') return msg;
  if (msg === messageFor(code)) return messageIn(lang, code);
  if (msg === TEAM_MESSAGES.invitationSent) return TEAM_MESSAGES_EN.invitationSent;
  if (msg === TEAM_MESSAGES.alreadyMemberOther) return TEAM_MESSAGES_EN.alreadyMemberOther;
  return msg;
}
