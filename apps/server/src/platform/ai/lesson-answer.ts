/**
 * A model's lesson answer checked as a lesson (like the outline against outlineSchema): Markdown split
 * into sections by heading and validated against the contract's lesson schema. An answer that is none
 * is a GenerationError in the generator, before anything is saved. Turning the Markdown into the
 * editor's document is the AI module's (modules/ai/jobs/markdown-doc.ts).
 */
import { type GeneratedLesson, generatedLessonSchema } from '@studio/contract';

/** Splits the Markdown into sections by heading and validates it as a lesson. */
export function parseLesson(markdown: string): GeneratedLesson | null {
  const sections: { heading: string; body: string }[] = [];
  for (const block of markdown.split(/\n(?=#{1,4}\s)/)) {
    const m = /^#{1,4}\s+(.+)\n?([\s\S]*)$/.exec(block.trim());
    if (m) sections.push({ heading: m[1]!.trim(), body: m[2]!.trim() });
  }
  const parsed = generatedLessonSchema.safeParse({ sections });
  return parsed.success ? parsed.data : null;
}
