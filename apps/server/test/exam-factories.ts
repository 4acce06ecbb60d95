/** Exam tests' helpers: spreadsheets made with exceljs, the import upload, questions by the API. */
import type { Question, QuestionInputBody } from '@studio/contract';
import ExcelJS from 'exceljs';
import { call } from './factories.ts';
import { multipart } from './images.ts';
import type { TestApp } from './test-app.ts';

export const HEADER = [
  '题型',
  '题干',
  '选项A',
  '选项B',
  '选项C',
  '选项D',
  '选项E',
  '选项F',
  '选项G',
  '选项H',
  '答案',
  '解析',
  '标签',
  '难度',
];

/** A template row: type, stem, options (up to 8), answer, explanation, tags, difficulty. */
export const row = (
  type: string,
  stem: string,
  options: string[],
  answer: string,
  tags = '',
  difficulty = '',
) => [type, stem, ...Array.from({ length: 8 }, (_, i) => options[i] ?? ''), answer, '', tags, difficulty];

export async function xlsxOf(rows: unknown[][], edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('题库');
  sheet.addRow(HEADER);
  for (const r of rows) sheet.addRow(r);
  edit?.(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const csvCell = (v: unknown) => `"${String(v).replace(/"/g, '""')}"`;
export const csvOf = (rows: unknown[][]): Buffer =>
  Buffer.from('\uFEFF' + [HEADER, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n'));

/** An import upload: the team bank's, or a course's (`to` its route, with the fields sent before the file). */
export async function importFile(
  t: TestApp,
  token: string,
  name: string,
  body: Buffer,
  to: { url: string; fields: Record<string, string> } = { url: '/exam/question/import', fields: {} },
) {
  const form = multipart(to.fields, { name, body, type: 'application/octet-stream' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${to.url}`,
    payload: form.payload,
    headers: { ...form.headers, 'x-request-tkForm': 'pc', 'x-request-tkToken': token },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: unknown }) };
}

export async function addQuestion(t: TestApp, token: string, q: QuestionInputBody): Promise<Question> {
  const res = await call<Question>(t, 'POST', '/exam/question/create', { token, body: q });
  if (res.code !== 200) throw new Error(`question create failed: ${res.code} ${res.msg}`);
  return res.data;
}

export async function download(t: TestApp, token: string, url: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: { 'x-request-tkForm': 'pc', 'x-request-tkToken': token },
  });
  return {
    status: res.statusCode,
    type: res.headers['content-type'],
    disposition: res.headers['content-disposition'],
    body: res.rawPayload,
  };
}
