/**
 * The assist's quiz action answers quiz blocks, not prose: JSON Lines, one quiz per line, each
 * `{"kind","question","options","correct","accepted","explanation"}` as in the contract's QuizAttrs
 * without the id (the editor gives each its own). Only lines checked here reach the editor, so a
 * model's stray text, code fences or half-valid quizzes never do.
 */
import { QUIZ_KINDS, QUIZ_LIMITS, TRUE_FALSE_CHOICES, type QuizAttrs } from '@studio/contract';
import { z } from 'zod';

export type AssistQuiz = Omit<QuizAttrs, 'id'>;

/** At most this many quizzes from one run. */
export const ASSIST_QUIZ_MAX = 10;

const text = (max: number) => z.string().transform((s) => s.trim().slice(0, max));
const rawQuiz = z.object({
  kind: z.enum(QUIZ_KINDS),
  question: text(QUIZ_LIMITS.questionMax),
  options: z.array(text(QUIZ_LIMITS.optionMax)).optional(),
  correct: z.union([z.number().int(), z.array(z.number().int())]).optional(),
  accepted: z.array(text(QUIZ_LIMITS.blankMax)).optional(),
  explanation: text(QUIZ_LIMITS.explanationMax).optional(),
});

/** A quiz the learner can answer and the server can grade, or null. */
export function checkQuiz(value: unknown): AssistQuiz | null {
  const parsed = rawQuiz.safeParse(value);
  if (!parsed.success || !parsed.data.question) return null;
  const { kind, question } = parsed.data;
  const explanation = parsed.data.explanation ?? '';
  const given = parsed.data.correct ?? [];
  const marks = [...new Set(Array.isArray(given) ? given : [given])].sort((a, b) => a - b);
  if (kind === 'blank') {
    const accepted = [...new Set((parsed.data.accepted ?? []).filter(Boolean))].slice(
      0,
      QUIZ_LIMITS.acceptedMax,
    );
    return accepted.length ? { kind, question, options: [], correct: [], accepted, explanation } : null;
  }
  if (kind === 'truefalse') {
    const right = marks.length === 1 && marks[0]! < TRUE_FALSE_CHOICES;
    return right ? { kind, question, options: [], correct: marks, accepted: [], explanation } : null;
  }
  const options = (parsed.data.options ?? []).filter(Boolean);
  const fits =
    options.length >= QUIZ_LIMITS.optionsMin &&
    options.length <= QUIZ_LIMITS.optionsMax &&
    new Set(options).size === options.length &&
    marks.length >= 1 &&
    marks.every((i) => i >= 0 && i < options.length) &&
    (kind === 'multiple' || marks.length === 1);
  return fits ? { kind, question, options, correct: marks, accepted: [], explanation } : null;
}

const parseJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
};

/** One line of a model's answer: a quiz object (list marks and a trailing comma allowed), or an array of them. */
const quizzesInLine = (line: string): unknown[] => {
  const s = line
    .trim()
    .replace(/^(?:[-*]|\d+[.)、])\s*/, '')
    .replace(/,$/, '');
  if (!/^[[{]/.test(s)) return [];
  const value = parseJson(s);
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
};

/**
 * Passes a streamed answer on as checked quiz lines, each as soon as its line is complete. An answer
 * with no quiz on any line (a pretty-printed array, fenced or not) is read whole at the end.
 */
export class QuizLines {
  private buffer = '';
  private whole = '';
  private count = 0;
  /** Everything passed on. */
  text = '';

  private readonly emit: (text: string) => void;
  constructor(emit: (text: string) => void) {
    this.emit = emit;
  }

  get quizCount(): number {
    return this.count;
  }

  push = (delta: string): void => {
    this.whole += delta;
    this.buffer += delta;
    for (let end = this.buffer.indexOf('\n'); end >= 0; end = this.buffer.indexOf('\n')) {
      quizzesInLine(this.buffer.slice(0, end)).forEach(this.take);
      this.buffer = this.buffer.slice(end + 1);
    }
  };

  end(): void {
    quizzesInLine(this.buffer).forEach(this.take);
    this.buffer = '';
    if (this.count) return;
    const body = this.whole.replace(/^\s*```\w*\s*$/gm, '').trim();
    const value = parseJson(body);
    (Array.isArray(value) ? value : [value]).forEach(this.take);
  }

  private take = (value: unknown): void => {
    const quiz = this.count < ASSIST_QUIZ_MAX ? checkQuiz(value) : null;
    if (!quiz) return;
    this.count += 1;
    const line = `${JSON.stringify(quiz)}\n`;
    this.text += line;
    this.emit(line);
  };
}

/** The model's instructions for the quiz action. */
export const quizPrompt = (
  language: 'zh-CN' | 'en-US',
  text: string,
): { system: string; prompt: string } => ({
  system:
    '你是课程编辑助手，为课时内容出测验题。只输出 JSON Lines：每行一个 JSON 对象，就是一道题；不要输出编号、代码块标记或任何其他文字。',
  prompt: [
    `根据下面的内容出 3 道测验题，题型尽量不同，每道题都有正确答案和一句解析。题目、选项、答案和解析都用${
      language === 'zh-CN' ? '简体中文' : '英文（English）'
    }。`,
    '每行的格式：{"kind":"single","question":"题目","options":["选项","选项","选项","选项"],"correct":[0],"explanation":"解析"}',
    '- single（单选）：2–8 个选项，correct 是唯一正确选项的序号（从 0 开始）',
    '- multiple（多选）：2–8 个选项，correct 是所有正确选项的序号',
    '- truefalse（判断）：不写 options，correct 为 [0]（正确）或 [1]（错误）',
    '- blank（填空）：题目里用 ____ 表示空，不写 options，accepted 是算对的答案（可以有几种写法）',
    '',
    '内容：',
    text,
  ].join('\n'),
});
