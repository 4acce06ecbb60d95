/**
 * POST /ai/estimate: the tokens a creation, translation or assist is expected to use, before the author
 * confirms it, and the money when the provider's price is configured (AI_PRICE_PER_MILLION_*_TOKENS, fen).
 * Input is counted from the text the provider would be sent (topic and reference, the document's
 * sections, the course's texts); output from what it is asked to write (the outline, each lesson). An
 * estimate, not a promise: models write more or less, and tokenizers differ.
 */
import type { AiAssistAction, AiCreateRequest, AiEstimate, aiEstimateBody, DocNode } from '@studio/contract';
import type { z } from 'zod';
import type { Config } from '../../../config.ts';
import { sectionsMarkdown } from '../../../platform/ai/sections-markdown.ts';
import { documentOutline, requireTeamDocument } from '../documents/index.ts';
import { collectTexts } from '../shared/translate-doc.ts';
import { countTokens } from '../../../platform/ai/usage.ts';
import type { TeamCtx } from '../../../platform/auth.ts';
import { authorize } from '../../../platform/policy.ts';
import { requireCourse, readCourseContent } from '../../courses/index.ts';
import { budgetUsedUp, teamBudget } from './ai.usage.ts';

/** The numbers behind an estimate (tokens), named so they can be read and tuned. */
export const ESTIMATE = {
  /** The instructions and the brief's labels around each call's own text. */
  callOverhead: 200,
  /** An outline: its title and summary, then a title and a goal per lesson. */
  outlineBase: 100,
  outlinePerLesson: 80,
  /** A lesson written from a topic (about 1,200 Chinese characters); a document's lesson at least its source. */
  lessonOutput: 1200,
  /** A text of a translation: its `{"id","text"}` line, sent and answered. */
  translateLine: 8,
  /** Translated text is longer than its source, on average. */
  translateGrowth: 1.2,
  assist: { continue: 400, quiz: 600 },
} as const;

type Tokens = { inputTokens: number; outputTokens: number };

const briefTokens = (r: AiCreateRequest) => countTokens(`${r.topic}${r.audience}${r.reference}`);

/** One lesson from a topic: the brief and its outline entry in, the lesson out (what a lesson run holds). */
export function estimateTopicLesson(r: AiCreateRequest): Tokens {
  return {
    inputTokens: ESTIMATE.callOverhead + briefTokens(r) + ESTIMATE.outlinePerLesson,
    outputTokens: ESTIMATE.outlinePerLesson + ESTIMATE.lessonOutput,
  };
}

/** From a topic: one outline call, then one call per lesson with the brief and its outline entry. */
export function estimateFromTopic(r: AiCreateRequest): Tokens {
  const lesson = estimateTopicLesson(r);
  return {
    inputTokens: ESTIMATE.callOverhead + briefTokens(r) + r.lessonCount * lesson.inputTokens,
    outputTokens: ESTIMATE.outlineBase + r.lessonCount * lesson.outputTokens,
  };
}

/** One lesson of a document: the brief and its own sections in, at least as much out. */
export function estimateDocumentLesson(
  r: AiCreateRequest,
  sections: Parameters<typeof sectionsMarkdown>[0],
): Tokens {
  const source = countTokens(sectionsMarkdown(sections));
  return {
    inputTokens: ESTIMATE.callOverhead + briefTokens(r) + source,
    outputTokens: Math.max(ESTIMATE.lessonOutput, source),
  };
}

/** From a document: the outline is its structure (no call); each lesson gets its own sections. */
export function estimateFromDocument(
  r: AiCreateRequest,
  doc: { name: string; sections: Parameters<typeof sectionsMarkdown>[0] },
): Tokens {
  const outline = documentOutline(r, doc.name, doc.sections);
  return sum(
    outline.lessons.map((lesson) =>
      estimateDocumentLesson(
        r,
        (lesson.sources ?? []).map((i) => doc.sections[i]!),
      ),
    ),
  );
}

const sum = (all: Tokens[]): Tokens => ({
  inputTokens: all.reduce((n, t) => n + t.inputTokens, 0),
  outputTokens: all.reduce((n, t) => n + t.outputTokens, 0),
});

/** One lesson of a translation: its texts sent as `{"id","text"}` lines and answered as lines. */
export function estimateTranslationLesson(texts: string[]): Tokens {
  const tokens = texts.reduce((n, t) => n + countTokens(t), 0);
  const lines = texts.length * ESTIMATE.translateLine;
  return {
    inputTokens: ESTIMATE.callOverhead + tokens + lines,
    outputTokens: Math.ceil(tokens * ESTIMATE.translateGrowth) + lines,
  };
}

/** A translation: each lesson's texts (the first also the course's), sent as lines and answered as lines. */
export function estimateTranslation(course: {
  title: string;
  subtitle: string;
  summary: string;
  lessons: { title: string; content: DocNode }[];
}): Tokens {
  return sum(
    course.lessons.map((lesson, idx) => {
      const texts = [lesson.title, ...collectTexts(lesson.content).map((t) => t.text)];
      // The first lesson also carries the course's texts, those it has (as the worker sends them).
      if (idx === 0) texts.push(...[course.title, course.subtitle, course.summary].filter((x) => x.trim()));
      return estimateTranslationLesson(texts);
    }),
  );
}

export function estimateAssist(action: AiAssistAction, text: string): Tokens {
  const tokens = countTokens(text);
  const outputTokens =
    action === 'rewrite'
      ? tokens
      : action === 'summarize'
        ? Math.ceil(tokens / 3) + 50
        : ESTIMATE.assist[action];
  return { inputTokens: ESTIMATE.callOverhead + tokens, outputTokens };
}

/** Fen, rounded up, when a price is configured (a missing side counts as free); else null. */
export function costFen(config: Config, t: Tokens): number | null {
  const inPrice = config.AI_PRICE_PER_MILLION_INPUT_TOKENS;
  const outPrice = config.AI_PRICE_PER_MILLION_OUTPUT_TOKENS;
  if (inPrice === undefined && outPrice === undefined) return null;
  return Math.ceil((t.inputTokens * (inPrice ?? 0) + t.outputTokens * (outPrice ?? 0)) / 1_000_000);
}

export async function estimateRun(c: TeamCtx, r: z.infer<typeof aiEstimateBody>): Promise<AiEstimate> {
  const teamId = c.membership.team.id;
  let tokens: Tokens;
  if (r.kind === 'create') {
    authorize(c, 'ai.create');
    tokens = r.documentId
      ? estimateFromDocument(r, await requireTeamDocument(c.ctx.db, teamId, r.documentId))
      : estimateFromTopic(r);
  } else if (r.kind === 'translate') {
    // Another team's course is not found, as for the translation itself.
    const { course } = await requireCourse(c, r.courseId);
    authorize(c, 'ai.translate', course);
    tokens = estimateTranslation((await readCourseContent(c.ctx.db, course.id))!);
  } else {
    authorize(c, 'ai.assist');
    tokens = estimateAssist(r.action, r.text);
  }
  const budget = await teamBudget(c.ctx, c.ctx.db, teamId);
  // The template generator calls no provider: nothing is spent and no budget applies.
  if (c.ctx.generator.kind !== 'ai') {
    return {
      generator: 'template',
      inputTokens: 0,
      outputTokens: 0,
      totalTokens: 0,
      costFen: null,
      budget,
      allowed: true,
    };
  }
  return {
    generator: 'ai',
    ...tokens,
    totalTokens: tokens.inputTokens + tokens.outputTokens,
    costFen: costFen(c.ctx.config, tokens),
    budget,
    allowed: !budgetUsedUp(budget),
  };
}
