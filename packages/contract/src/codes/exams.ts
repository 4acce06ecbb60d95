import type { CodeEntry } from './entry.ts';

/**
 * Exams (81000–81099): the team's question bank, its import, exams and their attempts. Another
 * team's question, exam or attempt answers the general 404.
 */
export const EXAMS = {
  /** Params: max (EXAM_LIMITS.importRowsMax). Nothing is stored. */
  EXAM_IMPORT_TOO_MANY: {
    code: 81000,
    key: 'errors.examImportTooMany',
    zh: '一次最多导入 {{max}} 道题，请拆分文件后再导入',
  },
  /** Params: maxMb. */
  EXAM_IMPORT_TOO_LARGE: {
    code: 81001,
    key: 'errors.examImportTooLarge',
    zh: '导入文件不能超过 {{maxMb}} MB',
  },
  /** Not a readable .xlsx or .csv (or its unpacked size is out of bounds). */
  EXAM_IMPORT_BROKEN: {
    code: 81002,
    key: 'errors.examImportBroken',
    zh: '无法读取该文件，请使用下载的模板（.xlsx 或 .csv）',
  },
  /** Params: cell (e.g. C4). Formulas are never computed. */
  EXAM_IMPORT_FORMULA: {
    code: 81003,
    key: 'errors.examImportFormula',
    zh: '单元格 {{cell}} 含有公式，请只填写文字',
  },
  /** Params: count. The envelope's data also lists `rows`: [{ row, message }]. Nothing is stored. */
  EXAM_IMPORT_INVALID: {
    code: 81004,
    key: 'errors.examImportInvalid',
    zh: '有 {{count}} 行题目不正确，未导入任何题目',
  },
  EXAM_IMPORT_EMPTY: { code: 81005, key: 'errors.examImportEmpty', zh: '文件中没有题目' },
  /** Params: need, have. An exam's rules (or list) ask for more questions than the bank has. */
  EXAM_BANK_TOO_FEW: {
    code: 81010,
    key: 'errors.examBankTooFew',
    zh: '题库中符合条件的题目不足：需要 {{need}} 道，只有 {{have}} 道',
  },
  /** The attempt's time limit (kept by the server) is over: it was handed in as it stood. */
  EXAM_TIME_UP: { code: 81011, key: 'errors.examTimeUp', zh: '考试时间已到，答卷已自动交卷' },
  /** Params: max. */
  EXAM_ATTEMPTS_USED: {
    code: 81012,
    key: 'errors.examAttemptsUsed',
    zh: '考试次数已用完（最多 {{max}} 次）',
  },
  EXAM_CLOSED: { code: 81013, key: 'errors.examClosed', zh: '考试已结束' },
  EXAM_ATTEMPT_SUBMITTED: { code: 81014, key: 'errors.examAttemptSubmitted', zh: '该答卷已交卷，不能再作答' },
  EXAM_ATTEMPT_NOT_YOURS: { code: 81015, key: 'errors.examAttemptNotYours', zh: '只能作答自己的答卷' },
  EXAM_QUESTION_NOT_IN_ATTEMPT: {
    code: 81016,
    key: 'errors.examQuestionNotInAttempt',
    zh: '该题不在这份答卷中',
  },
  /** An answer of the wrong shape for its question (an index out of range, text for a choice…). */
  EXAM_ANSWER_SHAPE: { code: 81017, key: 'errors.examAnswerShape', zh: '答案格式与题型不符' },
} as const satisfies Record<string, CodeEntry>;
