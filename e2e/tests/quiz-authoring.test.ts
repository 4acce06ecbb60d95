/**
 * Quizzes in the lesson editor, in a real browser on the built app: an author inserts a quiz from the
 * toolbar and fills in its card (question, options, the key, an explanation), and the AI assist's
 * 生成小测验 writes quiz cards the author then edits. What counts is what the server stored.
 */
import type { QuizAttrs } from '@studio/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { courseWithLesson, editorBox, saved, type Lesson } from '../support/authoring.ts';
import { demoOwnerContexts } from '../support/demo-tab.ts';

const baseUrl = inject('baseUrl');
const { newContext, api } = demoOwnerContexts(baseUrl);

const LESSON_TEXT = [
  '数据分析从提出问题开始。分析师先明确问题，再收集数据。',
  '清洗数据时要处理缺失值和重复记录。可视化让数据里的规律更容易看见。',
];

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

/** The quizzes the server holds for the lesson, keys included (the author's view). */
const storedQuizzes = async (lessonId: number): Promise<QuizAttrs[]> => {
  const lesson = await api<Lesson>(`/lesson/detail?lessonId=${lessonId}`);
  const content = lesson.content as { content?: { type: string; attrs?: QuizAttrs }[] };
  return (content.content ?? []).filter((n) => n.type === 'quiz').map((n) => n.attrs!);
};

/** A lesson with two paragraphs of text (and the blocks given after them), open in the editor. */
async function openLesson(title: string, ...blocks: object[]): Promise<{ page: Page; lessonId: number }> {
  const { courseId, lesson } = await courseWithLesson(api, title);
  const content = doc(...LESSON_TEXT);
  await api('/lesson/save', {
    lessonId: lesson.lessonId,
    version: lesson.version,
    content: { ...content, content: [...content.content, ...blocks] },
  });
  const page = await (await newContext()).newPage();
  await page.goto(`${baseUrl}/create/course/${courseId}/Lesson/${lesson.lessonId}`);
  await editorBox(page).getByText(LESSON_TEXT[1]!).waitFor();
  return { page, lessonId: lesson.lessonId };
}

const quizCards = (page: Page): Locator => editorBox(page).getByRole('group', { name: '测验', exact: true });
const field = (card: Locator, name: string) => card.getByRole('textbox', { name, exact: true });

describe('quizzes in the lesson editor', () => {
  it('测验 inserts a card; the question, options, key and explanation typed in it are saved', async () => {
    const { page, lessonId } = await openLesson('手写测验的课程');
    await editorBox(page).getByText(LESSON_TEXT[1]!).click();
    await page.keyboard.press('End');
    await page
      .getByRole('toolbar', { name: '格式工具栏' })
      .getByRole('button', { name: '测验', exact: true })
      .click();

    const card = quizCards(page);
    await card.getByText('请填写题目').waitFor();
    // A new card starts with the question: typing goes there, not into the text around it.
    await expect.poll(() => field(card, '题目').evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type('数据分析的第一步是什么？');
    await field(card, '选项 1').fill('收集数据');
    await field(card, '选项 2').fill('提出问题');
    await card.getByRole('button', { name: '添加选项' }).click();
    await field(card, '选项 3').fill('画图');
    await card.getByRole('radio', { name: '选项 2 是正确答案', exact: true }).check();
    await field(card, '解析').fill('先明确要回答的问题，才知道收集什么数据。');
    // Nothing is missing any more: the hints the new card showed are gone.
    await expect.poll(() => card.locator('.quiz-editor-problems').count()).toBe(0);

    await expect
      .poll(() => storedQuizzes(lessonId))
      .toEqual([
        expect.objectContaining({
          kind: 'single',
          question: '数据分析的第一步是什么？',
          options: ['收集数据', '提出问题', '画图'],
          correct: [1],
          explanation: '先明确要回答的问题，才知道收集什么数据。',
        }),
      ]);
    await saved(page);
  });

  it('a saved quiz comes back in its card; switching it to 判断题 asks for 正确 or 错误', async () => {
    const { page, lessonId } = await openLesson('改题型的课程', {
      type: 'quiz',
      attrs: {
        id: 'q-first-step',
        kind: 'single',
        question: '数据分析的第一步是什么？',
        options: ['收集数据', '提出问题'],
        correct: [1],
        explanation: '先明确要回答的问题。',
      },
    });
    const card = quizCards(page);
    expect(await field(card, '题目').inputValue()).toBe('数据分析的第一步是什么？');
    expect(await field(card, '选项 2').inputValue()).toBe('提出问题');
    expect(await card.getByRole('radio', { name: '选项 2 是正确答案', exact: true }).isChecked()).toBe(true);
    expect(await field(card, '解析').inputValue()).toBe('先明确要回答的问题。');

    await card.getByText('判断题', { exact: true }).click();
    await card.getByRole('radio', { name: '错误', exact: true }).check();
    await expect
      .poll(async () => {
        const [quiz] = await storedQuizzes(lessonId);
        return (
          quiz && { kind: quiz.kind, question: quiz.question, options: quiz.options, correct: quiz.correct }
        );
      })
      .toEqual({ kind: 'truefalse', question: '数据分析的第一步是什么？', options: [], correct: [1] });
    await saved(page);
  });

  it('生成小测验 writes quiz cards with keys; the author edits one and the edit is what is saved', async () => {
    const { page, lessonId } = await openLesson('AI 出题的课程');
    await editorBox(page).getByText(LESSON_TEXT[0]!).click();
    await page.getByRole('button', { name: 'AI 助手' }).click();
    await page.getByRole('menuitem', { name: /^生成小测验/ }).click();

    const cards = quizCards(page);
    await cards.first().waitFor();
    // Every quiz the assist wrote is stored whole: a question and a key the author can check.
    await expect.poll(async () => (await storedQuizzes(lessonId)).length).toBeGreaterThan(0);
    await saved(page);
    const written = await storedQuizzes(lessonId);
    expect(await cards.count()).toBe(written.length);
    for (const quiz of written) {
      expect(quiz.question).not.toBe('');
      expect(quiz.kind === 'blank' ? quiz.accepted.length : quiz.correct.length).toBeGreaterThan(0);
    }
    // The lesson's own text is still there, in front of the quizzes.
    expect(await editorBox(page).getByText(LESSON_TEXT[1]!).count()).toBe(1);

    await field(cards.first(), '题目').fill('作者改过的题目');
    await expect.poll(async () => (await storedQuizzes(lessonId))[0]?.question).toBe('作者改过的题目');
    await saved(page);
    expect((await storedQuizzes(lessonId)).slice(1)).toEqual(written.slice(1));
  });
});
