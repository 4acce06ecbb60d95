/**
 * The question bank as a spreadsheet (exceljs): the import's reading (.xlsx or UTF-8 .csv, the
 * template's columns), the export and the template. Reading refuses what it cannot trust before
 * anything is stored: a file whose unpacked size is out of bounds, formulas (never computed), more
 * than EXAM_LIMITS.importRowsMax rows, and any row the hand-made question's schema refuses.
 */
import { Readable } from 'node:stream';
import {
  Code,
  EXAM_LIMITS,
  questionInputSchema,
  type QuestionImportErrors,
  type QuestionInput,
  type QuestionType,
} from '@studio/contract';
import type ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import type { ExamQuestionRow } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { loadExcelJs } from '../../platform/sheet-file.ts';

export type SheetFormat = 'xlsx' | 'csv';

const LETTERS = 'ABCDEFGH';
const OPTION_HEADERS = [...LETTERS].map((l) => `选项${l}`);
export const HEADERS = ['题型', '题干', ...OPTION_HEADERS, '答案', '解析', '标签', '难度'];
const COL = { type: 1, stem: 2, option: 3, answer: 11, explanation: 12, tags: 13, difficulty: 14 } as const;
const FIELD_NAMES: Record<string, string> = {
  type: '题型',
  stem: '题干',
  options: '选项',
  answer: '答案',
  explanation: '解析',
  tags: '标签',
  difficulty: '难度',
};
/** Unpacked, an .xlsx may hold at most this much: a small zip that inflates to gigabytes is refused. */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
const ERRORS_SHOWN = 100;

const TYPE_NAMES: Record<QuestionType, string> = {
  single: '单选',
  multiple: '多选',
  judge: '判断',
  fill: '填空',
};
const TYPES: Record<string, QuestionType> = {
  单选: 'single',
  单选题: 'single',
  single: 'single',
  多选: 'multiple',
  多选题: 'multiple',
  multiple: 'multiple',
  判断: 'judge',
  判断题: 'judge',
  judge: 'judge',
  填空: 'fill',
  填空题: 'fill',
  fill: 'fill',
};
const DIFFICULTY_NAMES = { easy: '易', medium: '中', hard: '难' } as const;
const DIFFICULTIES: Record<string, string> = {
  易: 'easy',
  简单: 'easy',
  easy: 'easy',
  中: 'medium',
  中等: 'medium',
  medium: 'medium',
  难: 'hard',
  困难: 'hard',
  hard: 'hard',
};
const TRUE_WORDS = new Set(['对', '正确', '是', '√', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['错', '错误', '否', '×', 'f', 'false', 'n', 'no']);

const broken = () => new AppError(Code.EXAM_IMPORT_BROKEN);

function unpackedSizeOk(bytes: Buffer): boolean {
  let total = 0;
  try {
    // Reads the zip's directory only: the filter sees each entry's size and inflates none.
    unzipSync(bytes, {
      filter: (f) => {
        total += f.originalSize;
        return false;
      },
    });
  } catch {
    return false;
  }
  return total <= MAX_UNPACKED_BYTES;
}

async function loadSheet(bytes: Buffer, format: SheetFormat): Promise<ExcelJS.Worksheet> {
  const book = new (await loadExcelJs()).Workbook();
  try {
    if (format === 'xlsx') {
      if (!unpackedSizeOk(bytes)) throw broken();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      if (!sheet) throw broken();
      return sheet;
    }
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    // Every cell as its text: no numbers, dates or formulas read into it.
    return await book.csv.read(Readable.from([text]), { map: (v: string) => v });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw broken();
  }
}

/** A cell's text; a formula (whatever its cached result) is refused with its address. */
function cellText(cell: ExcelJS.Cell, formula: ExcelJS.ValueType): string {
  if (cell.type === formula) throw new AppError(Code.EXAM_IMPORT_FORMULA, { params: { cell: cell.address } });
  if (cell.value === null || cell.value === undefined) return '';
  return cell.text.trim();
}

const splitList = (s: string, by: RegExp) =>
  s
    .split(by)
    .map((x) => x.trim())
    .filter(Boolean);

/** One row as the question's input, unchecked: words the template allows become the schema's values. */
function rowToCandidate(cells: (col: number) => string): Record<string, unknown> {
  const typeText = cells(COL.type);
  const type = TYPES[typeText.toLowerCase()] ?? typeText;
  const options: string[] = [];
  for (let i = 0; i < LETTERS.length; i++) options.push(cells(COL.option + i));
  while (options.length > 0 && options.at(-1) === '') options.pop();
  const answerText = cells(COL.answer);
  const letters = splitList(answerText.toUpperCase(), /[\s,，、;；]+/)
    .join('')
    .split('');
  const letterIndex = (l: string) => (LETTERS.includes(l) ? LETTERS.indexOf(l) : l);
  let answer: unknown = answerText;
  if (type === 'single' && letters.length === 1) answer = letterIndex(letters[0]!);
  if (type === 'multiple') answer = letters.map(letterIndex);
  if (type === 'judge') {
    const word = answerText.toLowerCase();
    answer = TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : answerText;
  }
  if (type === 'fill') answer = splitList(answerText, /[|｜]/);
  const difficultyText = cells(COL.difficulty);
  return {
    type,
    stem: cells(COL.stem),
    ...(type === 'single' || type === 'multiple' ? { options } : {}),
    answer,
    explanation: cells(COL.explanation),
    tags: splitList(cells(COL.tags), /[,，、;；]+/),
    ...(difficultyText ? { difficulty: DIFFICULTIES[difficultyText.toLowerCase()] ?? difficultyText } : {}),
  };
}

/** Reads every question of an import, or refuses the whole file (nothing is stored on a refusal). */
export async function readQuestionSheet(bytes: Buffer, format: SheetFormat): Promise<QuestionInput[]> {
  const sheet = await loadSheet(bytes, format);
  const formula = (await loadExcelJs()).ValueType.Formula;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(row);
  });
  if (rows.length > EXAM_LIMITS.importRowsMax)
    throw new AppError(Code.EXAM_IMPORT_TOO_MANY, { params: { max: EXAM_LIMITS.importRowsMax } });
  const questions: QuestionInput[] = [];
  const errors: QuestionImportErrors['rows'] = [];
  let invalid = 0;
  for (const row of rows) {
    const texts = new Map<number, string>();
    const cells = (col: number) => texts.get(col) ?? '';
    row.eachCell({ includeEmpty: false }, (cell, col) => texts.set(col, cellText(cell, formula)));
    if ([...texts.values()].every((t) => t === '')) continue;
    const parsed = questionInputSchema.safeParse(rowToCandidate(cells));
    if (parsed.success) questions.push(parsed.data);
    else {
      invalid++;
      if (errors.length < ERRORS_SHOWN) {
        const issue = parsed.error.issues[0]!;
        const field = FIELD_NAMES[String(issue.path[0])] ?? String(issue.path[0] ?? '');
        errors.push({ row: row.number, message: field ? `${field}: ${issue.message}` : issue.message });
      }
    }
  }
  if (invalid > 0)
    throw new AppError(Code.EXAM_IMPORT_INVALID, {
      params: { count: invalid },
      data: { count: invalid, rows: errors } satisfies QuestionImportErrors,
    });
  if (questions.length === 0) throw new AppError(Code.EXAM_IMPORT_EMPTY);
  return questions;
}

const keyText = (q: Pick<ExamQuestionRow, 'type' | 'answer'>): string => {
  switch (q.type) {
    case 'single':
      return LETTERS[q.answer as number] ?? '';
    case 'multiple':
      return (q.answer as number[]).map((i) => LETTERS[i]).join('');
    case 'judge':
      return q.answer ? '对' : '错';
    case 'fill':
      return (q.answer as string[]).join('|');
  }
};

type SheetQuestion = Pick<
  ExamQuestionRow,
  'type' | 'stem' | 'options' | 'answer' | 'explanation' | 'tags' | 'difficulty'
>;

async function bookOf(questions: SheetQuestion[]): Promise<Buffer> {
  const book = new (await loadExcelJs()).Workbook();
  const sheet = book.addWorksheet('题库');
  sheet.addRow(HEADERS).font = { bold: true };
  for (const q of questions)
    // Every value a string cell: a stem that starts with "=" stays text when opened.
    sheet.addRow([
      TYPE_NAMES[q.type],
      q.stem,
      ...OPTION_HEADERS.map((_, i) => q.options[i] ?? ''),
      keyText(q),
      q.explanation,
      q.tags.join(','),
      DIFFICULTY_NAMES[q.difficulty],
    ]);
  sheet.columns.forEach((col, i) => (col.width = i === 1 ? 40 : 12));
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const questionsToSheet = (rows: SheetQuestion[]): Promise<Buffer> => bookOf(rows);

/** The template: the columns and one example of each type. */
export const templateSheet = (): Promise<Buffer> =>
  bookOf([
    {
      type: 'single',
      stem: '示例：1 + 1 等于几？',
      options: ['1', '2', '3'],
      answer: 1,
      explanation: '',
      tags: ['数学'],
      difficulty: 'easy',
    },
    {
      type: 'multiple',
      stem: '示例：下列哪些是偶数？',
      options: ['2', '3', '4', '5'],
      answer: [0, 2],
      explanation: '',
      tags: ['数学'],
      difficulty: 'medium',
    },
    {
      type: 'judge',
      stem: '示例：地球是圆的。',
      options: [],
      answer: true,
      explanation: '',
      tags: ['常识'],
      difficulty: 'easy',
    },
    {
      type: 'fill',
      stem: '示例：HTML 的全称是 ____。',
      options: [],
      answer: ['HyperText Markup Language', '超文本标记语言'],
      explanation: '多个可接受答案用 | 分隔',
      tags: ['常识'],
      difficulty: 'hard',
    },
  ]);
