/**
 * A model's lesson answer checked as a lesson (like the outline against outlineSchema): Markdown split
 * into sections by heading and validated against the contract's lesson schema. An answer that is none
 * is a GenerationError in the generator, before anything is saved. Turning the Markdown into the
 * editor's document is the contract's (`@studio/contract/markdown`, through modules/ai/jobs/markdown-doc.ts).
 */
import { type GeneratedLesson, generatedLessonSchema } from '@studio/contract';
import { markdownSections } from '@studio/contract/markdown';

/** Splits the Markdown into sections by heading (the shared Markdown parser's) and validates it as a lesson. */
export function parseLesson(markdown: string): GeneratedLesson | null {
  const sections = markdownSections(markdown).map(({ heading, body }) => ({ heading, body }));
  const parsed = generatedLessonSchema.safeParse({ sections });
  return parsed.success ? parsed.data : null;
}
