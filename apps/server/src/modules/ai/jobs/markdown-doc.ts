/**
 * Generated lessons arrive as Markdown; the editor stores Tiptap JSON. The converter is the contract's
 * (`@studio/contract/markdown`, shared with the web app's writing assist); this is how AI lessons use
 * it. A model's answer is checked as a lesson first (platform/ai/lesson-answer.ts).
 */
import type { DocNode } from '@studio/contract';
import { markdownToDoc as convert } from '@studio/contract/markdown';

/**
 * `images`: the sources a picture may show (a lesson's own pictures from its document); any other
 * picture (one a model made up) is dropped, and with none given every one is. Headings start at level
 * 2: the lesson's title is above them.
 */
export const markdownToDoc = (markdown: string, images: ReadonlySet<string> = new Set()): DocNode =>
  convert(markdown, { keepImage: (src) => images.has(src), headingOffset: 1 });
