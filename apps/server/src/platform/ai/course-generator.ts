/**
 * Writes courses: an outline first, then each lesson's text, streamed. Two implementations share it:
 * any OpenAI-compatible chat API, and the built-in template generator (honestly labelled: not AI).
 */
import type { AiAssistAction, AiCreateRequest, DocumentSection, Outline } from '@studio/contract';

export type GeneratorKind = 'ai' | 'template';

/** What a lesson is written from: the document's name and this lesson's sections, in order. */
export type LessonSource = { documentName: string; sections: DocumentSection[] };

/** A text to translate, by id (modules/ai/translate/translate-doc.ts collects a lesson's). */
export type TranslateItem = { id: string; text: string };

export interface CourseGenerator {
  readonly kind: GeneratorKind;
  /** Shown to users: the model name, or that the template is not AI. */
  readonly label: string;
  outline(request: AiCreateRequest, signal: AbortSignal): Promise<Outline>;
  /**
   * Streams the lesson's Markdown through onDelta and answers the whole text. With a source (a lesson of
   * a document), the lesson is written from those sections only.
   */
  lesson(
    request: AiCreateRequest,
    outline: Outline,
    index: number,
    onDelta: (text: string) => void,
    signal: AbortSignal,
    source?: LessonSource,
  ): Promise<string>;
  /**
   * Editor assist: continue, rewrite or summarize the given text (Markdown), or make quizzes on it
   * (checked quiz blocks as JSON Lines, see assist-quiz.ts), streamed.
   */
  assist(
    action: AiAssistAction,
    text: string,
    language: 'zh-CN' | 'en-US',
    onDelta: (text: string) => void,
    signal: AbortSignal,
  ): Promise<string>;
  /**
   * Translates texts (by id) into a language tag, streaming each translation as it comes. Absent when the
   * generator cannot translate (the template: it would only copy or make up text).
   */
  translate?(
    items: TranslateItem[],
    language: string,
    onDelta: (text: string) => void,
    signal: AbortSignal,
  ): Promise<Map<string, string>>;
}

/** The answer could not be used (malformed after retries, stalled, cut off); nothing half-parsed is saved. */
export class GenerationError extends Error {}
