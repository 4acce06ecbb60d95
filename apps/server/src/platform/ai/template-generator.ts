/**
 * The zero-config generator: builds an outline and lessons from templates, streamed at a readable pace.
 * It is labelled as a template everywhere; it never pretends to be AI.
 */
import type { AiAssistAction, AiCreateRequest, Outline } from '@studio/contract';
import { pangu } from 'pangu';
import type { CourseGenerator, LessonSource } from './course-generator.ts';
import { sectionsMarkdown } from './sections-markdown.ts';
import { templateQuizzes } from './template-quiz.ts';

const STEPS_ZH = [
  '认识{t}',
  '{t}的核心概念',
  '{t}的基本方法',
  '动手实践：{t}',
  '{t}的常见问题',
  '{t}进阶',
  '{t}案例分析',
  '{t}总结与展望',
];
const STEPS_EN = [
  'Meet {t}',
  'Core ideas of {t}',
  'Basic methods of {t}',
  'Hands-on: {t}',
  'Common pitfalls in {t}',
  'Going further with {t}',
  'A {t} case study',
  '{t}: summary and next steps',
];
const LEVELS = {
  beginner: ['零基础', 'beginners'],
  intermediate: ['有一定基础', 'intermediate learners'],
  advanced: ['进阶', 'advanced learners'],
} as const;

/** Words that say what kind of course a topic is, at its end: "Excel 数据透视表入门课程". */
const COURSE_WORDS = /(课程|教程|课)$/;
const LEVEL_WORDS = /(入门|基础|进阶|实战|精通|指南)$/;

/** The subject of a topic, for lesson titles: "Excel 数据透视表入门课程" → "Excel 数据透视表". */
export function zhSubject(topic: string): string {
  let subject = topic.trim();
  for (const words of [COURSE_WORDS, LEVEL_WORDS]) {
    const cut = subject.replace(words, '').trim();
    if (cut) subject = cut;
  }
  return subject;
}

/**
 * The course title for a topic: the topic when it already names a course ("…教程"), else it gets only
 * the words it lacks ("…入门" + 课程; a beginner's topic + 入门课程; any other + 课程). Latin and Han
 * are spaced (pangu): "Excel数据透视表" reads "Excel 数据透视表".
 */
export function zhCourseTitle(topic: string, level: AiCreateRequest['level']): string {
  const t = topic.trim();
  const title = COURSE_WORDS.test(t)
    ? t
    : LEVEL_WORDS.test(t) || level !== 'beginner'
      ? `${t}课程`
      : `${t}入门课程`;
  return pangu.spacingText(title);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), {
      once: true,
    });
  });

export class TemplateGenerator implements CourseGenerator {
  readonly kind = 'template' as const;
  readonly label = '模板生成（非 AI）';
  private readonly delayMs: number;

  constructor(delayMs = 15) {
    this.delayMs = delayMs;
  }

  async outline(r: AiCreateRequest): Promise<Outline> {
    const zh = r.language === 'zh-CN';
    const steps = zh ? STEPS_ZH : STEPS_EN;
    // Lesson titles name the subject alone: "认识 Excel 数据透视表", never "认识Excel 数据透视表入门".
    const subject = zh ? zhSubject(r.topic) : r.topic;
    const lessons = Array.from({ length: r.lessonCount }, (_, i) => {
      const step = steps[i % steps.length]!.replace('{t}', subject);
      const base = zh ? pangu.spacingText(step) : step;
      const title = i < steps.length ? base : `${base} ${Math.floor(i / steps.length) + 1}`;
      return { title: title.slice(0, 60), goal: zh ? `掌握${title}的要点` : `Understand ${title}` };
    });
    const level = LEVELS[r.level];
    return {
      title: (zh ? zhCourseTitle(r.topic, r.level) : `${r.topic}: a course`).slice(0, 60),
      subtitle: (zh ? `面向${r.audience || level[0]}学习者` : `For ${r.audience || level[1]}`).slice(0, 120),
      summary: zh
        ? pangu.spacingText(
            `这门课程分 ${r.lessonCount} 节，带你系统了解${subject}。（由内置模板生成，可自由修改。）`,
          )
        : `${r.lessonCount} lessons on ${r.topic}. (Written by the built-in template; edit freely.)`,
      lessons,
    };
  }

  async lesson(
    r: AiCreateRequest,
    outline: Outline,
    index: number,
    onDelta: (text: string) => void,
    signal: AbortSignal,
    source?: LessonSource,
  ): Promise<string> {
    // A lesson of a document is the document's own sections: its text, lists and tables as written.
    if (source?.sections.length) return this.stream(sectionsMarkdown(source.sections), onDelta, signal);
    const zh = r.language === 'zh-CN';
    const l = outline.lessons[index]!;
    const text = zh
      ? `## 学习目标\n${l.goal || l.title}。\n\n## 核心内容\n本节围绕「${l.title}」展开：\n- 关键概念与术语\n- 常见做法与步骤\n- 需要注意的地方\n\n## 练习\n1. 用自己的话解释本节的核心概念。\n2. 找一个身边的例子应用今天学到的方法。\n`
      : `## Goals\n${l.goal || l.title}.\n\n## Content\nThis lesson covers "${l.title}":\n- Key ideas and terms\n- Common steps\n- Things to watch for\n\n## Practice\n1. Explain the core idea in your own words.\n2. Apply the method to an example of your own.\n`;
    return this.stream(text, onDelta, signal);
  }

  /** Template assist: plain text transforms and quizzes from the text, so the editor works without a model. */
  async assist(
    action: AiAssistAction,
    input: string,
    language: 'zh-CN' | 'en-US',
    onDelta: (t: string) => void,
    signal: AbortSignal,
  ): Promise<string> {
    if (action === 'quiz') {
      // Quiz blocks, one JSON line each (see assist-quiz.ts).
      const lines = templateQuizzes(input, language).map((quiz) => `${JSON.stringify(quiz)}\n`);
      return this.stream(lines.join(''), onDelta, signal);
    }
    const zh = language === 'zh-CN';
    const sentences = input.split(/(?<=[。！？.!?])\s*/).filter(Boolean);
    const first = sentences[0] ?? input;
    const text = {
      continue: zh
        ? `\n\n接下来，我们进一步看看：${first.slice(0, 40)}……在实践中要注意方法与场景的匹配。`
        : `\n\nNext, building on "${first.slice(0, 40)}", match the method to the situation.`,
      rewrite: sentences.map((s) => s.trim()).join(zh ? '' : ' '),
      summarize: (zh ? '要点：' : 'Key points: ') + sentences.slice(0, 2).join(zh ? '' : ' '),
    }[action];
    return this.stream(text, onDelta, signal);
  }

  // Streamed in small pieces so the pages behave the same as with a real model (a long text in
  // larger ones, so a document's chapter takes seconds, not minutes).
  private async stream(text: string, onDelta: (t: string) => void, signal: AbortSignal): Promise<string> {
    const step = Math.max(6, Math.ceil(text.length / 400));
    for (let i = 0; i < text.length; i += step) {
      signal.throwIfAborted();
      onDelta(text.slice(i, i + step));
      if (this.delayMs) await sleep(this.delayMs, signal);
    }
    return text;
  }
}
