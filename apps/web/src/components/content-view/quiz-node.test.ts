import type { DocNode, QuizAttrs } from '@studio/contract';
import { QUIZ_ID, stripQuizKeys } from '@studio/contract/constants';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n/index.ts';
import { contentExtensions } from './content-extensions.ts';
import { filterDoc } from './doc-filter.ts';
import { renderDocHtml } from './render-html.ts';

const p = (text: string): DocNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const quiz = (attrs: Partial<QuizAttrs> & { id: string }): DocNode => ({
  type: 'quiz',
  attrs: {
    kind: 'single',
    question: '',
    options: [],
    correct: [],
    accepted: [],
    explanation: '',
    ...attrs,
  },
});
const QUIZZES = [
  quiz({
    id: 'q-single',
    question: '哪一项是 Python 的关键字？',
    options: ['def', 'func', 'method'],
    correct: [0],
    explanation: 'def 定义函数。',
  }),
  quiz({ id: 'q-multi', kind: 'multiple', question: '选出偶数', options: ['1', '2', '4'], correct: [1, 2] }),
  quiz({ id: 'q-tf', kind: 'truefalse', question: '地球是圆的。', correct: [0] }),
  quiz({ id: 'q-blank', kind: 'blank', question: '1 + 1 = ？', accepted: ['2', '二'], explanation: '算术' }),
];

let editor: Editor | null = null;
const open = (content: DocNode) => {
  editor = new Editor({ element: document.createElement('div'), extensions: contentExtensions(), content });
  return editor;
};
afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe('the quiz node in the editor schema', () => {
  it('keeps every attribute through the editor: getJSON gives back the sanitized input', () => {
    const input = filterDoc({ type: 'doc', content: [p('课前'), ...QUIZZES, p('课后')] });
    const e = open(input);
    const out = e.getJSON() as DocNode;
    expect(out.content?.filter((n) => n.type === 'quiz')).toEqual(
      input.content?.filter((n) => n.type === 'quiz'),
    );
    expect(filterDoc(out)).toEqual(input);
    // Arrays stay arrays, not strings of JSON.
    expect(out.content?.[1]?.attrs?.options).toEqual(['def', 'func', 'method']);
    expect(out.content?.[4]?.attrs?.accepted).toEqual(['2', '二']);
  });

  it('insertQuiz puts a new single-choice quiz with two empty options and a fresh id at the selection', () => {
    const e = open({ type: 'doc', content: [p('正文')] });
    e.commands.setTextSelection(e.state.doc.content.size - 1);
    expect(e.commands.insertQuiz()).toBe(true);
    expect(e.commands.insertQuiz()).toBe(true);
    const quizzes = (e.getJSON().content ?? []).filter((n) => n.type === 'quiz');
    expect(quizzes).toHaveLength(2);
    const attrs = quizzes[0]!.attrs!;
    expect(attrs).toEqual({
      id: expect.stringMatching(/^q-[0-9a-z]{12}$/),
      kind: 'single',
      question: '',
      options: ['', ''],
      correct: [],
      accepted: [],
      explanation: '',
    });
    expect(attrs.id).toMatch(QUIZ_ID);
    expect(quizzes[1]!.attrs!.id).not.toBe(attrs.id);
    expect(e.storage.quiz.inserted).toBe(quizzes[1]!.attrs!.id);
    expect(e.getJSON().content?.[0]).toEqual(p('正文'));
  });
});

describe('a quiz in the read-only renderer', () => {
  const toDom = (html: string) => {
    const div = document.createElement('div');
    div.innerHTML = html;
    return div;
  };

  it('shows the question and its choices as text, and none of the key', () => {
    const learner = stripQuizKeys({ type: 'doc', content: QUIZZES });
    const html = renderDocHtml(learner);
    const dom = toDom(html);
    const cards = [...dom.querySelectorAll('.quiz')];
    expect(cards).toHaveLength(4);
    expect(cards[0]!.querySelector('.quiz-kind')?.textContent).toBe('单选题');
    expect(cards[0]!.querySelector('.quiz-question')?.textContent).toBe('哪一项是 Python 的关键字？');
    expect([...cards[0]!.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'def',
      'func',
      'method',
    ]);
    expect([...cards[2]!.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['正确', '错误']);
    expect(cards[3]!.querySelector('.quiz-kind')?.textContent).toBe('填空题');
    expect(cards[3]!.querySelector('li')).toBeNull();
    for (const secret of [
      'def 定义函数',
      '二',
      '算术',
      'data-correct',
      'data-accepted',
      'data-explanation',
    ]) {
      expect(html).not.toContain(secret);
    }
  });

  it("shows nothing of the key in the author's own preview either", () => {
    const dom = toDom(renderDocHtml({ type: 'doc', content: QUIZZES }));
    expect(dom.textContent).not.toContain('def 定义函数');
    expect(dom.textContent).not.toContain('算术');
    expect(dom.querySelector('.quiz-blank')?.textContent).not.toContain('二');
  });

  it('keeps markup typed into a quiz as text, with nothing that runs', () => {
    const payload = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const html = renderDocHtml({
      type: 'doc',
      content: [quiz({ id: 'q-x', question: payload, options: [payload, '"><b>x</b>'] })],
    });
    const dom = toDom(html);
    expect(dom.querySelector('.quiz-question')?.textContent).toBe(payload);
    expect(dom.querySelectorAll('li')[1]?.textContent).toBe('"><b>x</b>');
    expect(dom.querySelector('img, script, b, [onerror]')).toBeNull();
  });

  it('drops a quiz without a valid id, as the server does', () => {
    const dom = toDom(renderDocHtml({ type: 'doc', content: [quiz({ id: 'bad id!' }), p('留下')] }));
    expect(dom.querySelector('.quiz')).toBeNull();
    expect(dom.textContent).toBe('留下');
  });
});
