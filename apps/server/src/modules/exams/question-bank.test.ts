/**
 * The question bank: hand-made questions by type, filters, who may manage it, another team's ids,
 * and the import (xlsx and csv, every row or none, the row limit, formulas, broken files) and export.
 */
import { Code, type Question, type QuestionList, type UserInfo } from '@studio/contract';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addByInvitation, call, createUser, teamOwner } from '../../../test/factories.ts';
import { addQuestion, csvOf, download, importFile, row, xlsxOf } from '../../../test/exam-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: UserInfo;
let member: UserInfo;
let stranger: UserInfo;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await teamOwner(t)).user;
  member = await createUser(t);
  await addByInvitation(t, owner.token, member);
  stranger = (await teamOwner(t)).user;
});
afterAll(() => t?.close());

const countOf = async (token: string) =>
  (await call<QuestionList>(t, 'GET', '/exam/question/list', { token, query: { pageSize: '100' } })).data
    .total;

describe('hand-made questions', () => {
  it('adds each type, lists with filters, edits and deletes', async () => {
    await addQuestion(t, owner.token, {
      type: 'single',
      stem: '单选题',
      options: ['甲', '乙'],
      answer: 1,
      tags: ['安全'],
      difficulty: 'easy',
    });
    await addQuestion(t, owner.token, {
      type: 'multiple',
      stem: '多选题',
      options: ['a', 'b', 'c'],
      answer: [2, 0],
    });
    await addQuestion(t, owner.token, { type: 'judge', stem: '判断题', answer: false, tags: ['安全'] });
    const fill = await addQuestion(t, owner.token, {
      type: 'fill',
      stem: '填空题',
      answer: ['HTML', '超文本'],
    });
    expect(fill).toMatchObject({
      type: 'fill',
      options: [],
      answer: ['HTML', '超文本'],
      difficulty: 'medium',
    });

    const byTag = await call<QuestionList>(t, 'GET', '/exam/question/list', {
      token: owner.token,
      query: { tag: '安全' },
    });
    expect(byTag.data.list.map((q) => q.stem).sort()).toEqual(['判断题', '单选题']);
    expect(byTag.data.tags).toEqual(['安全']);
    const byType = await call<QuestionList>(t, 'GET', '/exam/question/list', {
      token: owner.token,
      query: { type: 'multiple' },
    });
    expect(byType.data.list).toHaveLength(1);
    expect(byType.data.list[0]!.answer).toEqual([0, 2]);

    const edited = await call<Question>(t, 'POST', '/exam/question/update', {
      token: owner.token,
      body: {
        questionId: fill.questionId,
        question: { type: 'fill', stem: '改过的', answer: ['x'], difficulty: 'hard' },
      },
    });
    expect(edited.data).toMatchObject({ stem: '改过的', difficulty: 'hard' });
    const gone = await call(t, 'POST', '/exam/question/delete', {
      token: owner.token,
      body: { questionId: fill.questionId },
    });
    expect(gone.code).toBe(200);
  });

  it('refuses a key outside the options, as the import does', async () => {
    const bad = await call(t, 'POST', '/exam/question/create', {
      token: owner.token,
      body: { type: 'single', stem: '单选', options: ['a', 'b'], answer: 5 },
    });
    expect(bad.code).toBe(Code.BAD_REQUEST);
  });

  it('a MEMBER neither sees nor changes the bank; another team finds nothing of it', async () => {
    const q = await addQuestion(t, owner.token, { type: 'judge', stem: '成员看不到', answer: true });
    const before = await countOf(owner.token);
    expect((await call(t, 'GET', '/exam/question/list', { token: member.token })).code).toBe(Code.FORBIDDEN);
    const made = await call(t, 'POST', '/exam/question/create', {
      token: member.token,
      body: { type: 'judge', stem: '成员出题', answer: true },
    });
    expect(made.code).toBe(Code.FORBIDDEN);
    expect(
      (await importFile(t, member.token, 'q.xlsx', await xlsxOf([row('判断', '题', [], '对')]))).code,
    ).toBe(Code.FORBIDDEN);
    expect((await download(t, member.token, '/exam/question/export')).body.toString()).toContain(
      `${Code.FORBIDDEN}`,
    );
    for (const [path, body] of [
      [
        '/exam/question/update',
        { questionId: q.questionId, question: { type: 'judge', stem: '改', answer: false } },
      ],
      ['/exam/question/delete', { questionId: q.questionId }],
    ] as const)
      expect((await call(t, 'POST', path, { token: stranger.token, body })).code).toBe(Code.NOT_FOUND);
    expect(await countOf(owner.token)).toBe(before);
    expect(await countOf(stranger.token)).toBe(0);
  });
});

describe('import and export', () => {
  it('imports an xlsx made to the template, every type', async () => {
    const before = await countOf(owner.token);
    const file = await xlsxOf([
      row('单选', '导入单选', ['一', '二', '三'], 'B', '导入,安全', '易'),
      row('多选', '导入多选', ['一', '二', '三'], 'A,C', '导入', '难'),
      row('判断', '导入判断', [], '错', '导入'),
      row('填空', '导入填空', [], 'Paris | 巴黎', '导入'),
    ]);
    const res = await importFile(t, owner.token, '题库.xlsx', file);
    expect(res).toMatchObject({ code: 200, data: { imported: 4 } });
    const list = await call<QuestionList>(t, 'GET', '/exam/question/list', {
      token: owner.token,
      query: { tag: '导入' },
    });
    const byStem = Object.fromEntries(list.data.list.map((q) => [q.stem, q]));
    expect(byStem['导入单选']).toMatchObject({
      type: 'single',
      answer: 1,
      difficulty: 'easy',
      tags: ['导入', '安全'],
    });
    expect(byStem['导入多选']).toMatchObject({ answer: [0, 2], difficulty: 'hard' });
    expect(byStem['导入判断']).toMatchObject({ answer: false, difficulty: 'medium' });
    expect(byStem['导入填空']).toMatchObject({ answer: ['Paris', '巴黎'] });
    expect(await countOf(owner.token)).toBe(before + 4);
  });

  it('imports a UTF-8 csv, every cell read as text', async () => {
    const before = await countOf(owner.token);
    const res = await importFile(
      t,
      owner.token,
      'q.csv',
      csvOf([
        row('填空', 'CSV 数字', [], '007'),
        row('填空', 'CSV 日期', [], '2020-01-01'),
        row('填空', 'CSV 公式', [], '=1+1'),
        row('单选', 'CSV 单选', ['1', '2'], 'A'),
      ]),
    );
    expect(res).toMatchObject({ code: 200, data: { imported: 4 } });
    const answerOf = async (keyword: string) =>
      (await call<QuestionList>(t, 'GET', '/exam/question/list', { token: owner.token, query: { keyword } }))
        .data.list[0]!.answer;
    // Text as typed: no number, no date, and "=1+1" is never computed.
    expect(await answerOf('CSV 数字')).toEqual(['007']);
    expect(await answerOf('CSV 日期')).toEqual(['2020-01-01']);
    expect(await answerOf('CSV 公式')).toEqual(['=1+1']);
    expect(await countOf(owner.token)).toBe(before + 4);
  });

  it('stores nothing when any row is wrong, and names the rows', async () => {
    const before = await countOf(owner.token);
    const res = await importFile(
      t,
      owner.token,
      'q.xlsx',
      await xlsxOf([
        row('单选', '好的', ['一', '二'], 'A'),
        row('单选', '答案越界', ['一', '二'], 'D'),
        row('问答', '未知题型', [], 'x'),
        row('判断', '', [], '对'),
      ]),
    );
    expect(res.code).toBe(Code.EXAM_IMPORT_INVALID);
    const data = res.data as { count: number; rows: { row: number; message: string }[] };
    expect(data.count).toBe(3);
    expect(data.rows.map((r) => r.row)).toEqual([3, 4, 5]);
    expect(data.rows[0]!.message).toContain('答案');
    expect(await countOf(owner.token)).toBe(before);
  });

  it('refuses 10,000 rows at once, storing nothing', async () => {
    const before = await countOf(owner.token);
    const rows = Array.from({ length: 10_000 }, (_, i) => row('判断', `第 ${i} 题`, [], '对'));
    const res = await importFile(t, owner.token, 'big.xlsx', await xlsxOf(rows));
    expect(res).toMatchObject({ code: Code.EXAM_IMPORT_TOO_MANY, data: { max: 2000 } });
    expect(await countOf(owner.token)).toBe(before);
  });

  it('refuses a formula, whatever its cached result, storing nothing', async () => {
    const before = await countOf(owner.token);
    const file = await xlsxOf(
      [row('判断', '公式之前', [], '对'), row('判断', '有公式', [], '对')],
      (sheet) => {
        sheet.getCell('B3').value = { formula: 'CONCAT("a","b")', result: 'ab' };
      },
    );
    const res = await importFile(t, owner.token, 'f.xlsx', file);
    expect(res).toMatchObject({ code: Code.EXAM_IMPORT_FORMULA, data: { cell: 'B3' } });
    expect(await countOf(owner.token)).toBe(before);
  });

  it('refuses a broken xlsx, a file of another kind and an oversized file', async () => {
    const good = await xlsxOf([row('判断', '题', [], '对')]);
    const broken = Buffer.concat([good.subarray(0, 200), Buffer.alloc(300, 7)]);
    expect((await importFile(t, owner.token, 'b.xlsx', broken)).code).toBe(Code.EXAM_IMPORT_BROKEN);
    expect((await importFile(t, owner.token, 'b.txt', Buffer.from('hello'))).code).toBe(
      Code.EXAM_IMPORT_BROKEN,
    );
    expect((await importFile(t, owner.token, 'b.csv', Buffer.from([0xff, 0xfe, 0x00, 0xd8]))).code).toBe(
      Code.EXAM_IMPORT_BROKEN,
    );
    const huge = await importFile(t, owner.token, 'h.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 0x41));
    expect(huge).toMatchObject({ code: Code.EXAM_IMPORT_TOO_LARGE, data: { maxMb: 5 } });
  });

  it('exports the bank in the template columns, and the export imports back the same', async () => {
    const other = (await teamOwner(t)).user;
    await addQuestion(t, other.token, {
      type: 'single',
      stem: '=1+1 不是公式',
      options: ['a', 'b'],
      answer: 0,
      tags: ['t1'],
    });
    await addQuestion(t, other.token, {
      type: 'multiple',
      stem: '多',
      options: ['a', 'b', 'c'],
      answer: [1, 2],
      difficulty: 'hard',
    });
    await addQuestion(t, other.token, { type: 'judge', stem: '判', answer: true });
    await addQuestion(t, other.token, { type: 'fill', stem: '填', answer: ['A', 'b'], explanation: '解析' });
    const file = await download(t, other.token, '/exam/question/export');
    expect(file.type).toContain('spreadsheetml');
    expect(file.disposition).toBe("attachment; filename*=UTF-8''questions.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getCell('B2').type).toBe(ExcelJS.ValueType.String);

    const again = (await teamOwner(t)).user;
    expect((await importFile(t, again.token, 'export.xlsx', file.body)).data).toEqual({ imported: 4 });
    const strip = (l: QuestionList) =>
      l.list
        .map(({ questionId: _i, updateTime: _u, ...q }) => q)
        .sort((a, b) => a.stem.localeCompare(b.stem));
    const list = (token: string) =>
      call<QuestionList>(t, 'GET', '/exam/question/list', { token, query: { pageSize: '100' } }).then(
        (r) => r.data,
      );
    expect(strip(await list(again.token))).toEqual(strip(await list(other.token)));
  });

  it('the template downloads and imports as its four examples', async () => {
    const file = await download(t, owner.token, '/exam/question/template');
    expect([file.type, file.disposition]).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      "attachment; filename*=UTF-8''question-template.xlsx",
    ]);
    const fresh = (await teamOwner(t)).user;
    expect((await importFile(t, fresh.token, 'template.xlsx', file.body)).data).toEqual({ imported: 4 });
    const rows = await t.app.ctx.db.execute(
      sql`select count(*)::int as n from exam_questions where created_by = ${fresh.userId}`,
    );
    expect(rows.rows[0]).toEqual({ n: 4 });
  });
});
