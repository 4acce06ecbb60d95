/**
 * A document's sections as the Markdown a generator is given (the model's prompt) or writes as they
 * are (the template): their headings, paragraphs, lists, tables and pictures, nothing added. Which
 * sections make a lesson, and its 来源 note, are the AI module's (modules/ai/documents/document-lessons.ts).
 */
import type { DocumentSection } from '@studio/contract';

const cellText = (c: string) => c.replace(/\|/g, '／');

/** A picture as a Markdown line (markdown-doc.ts takes it back only for the lesson's own pictures). */
export const imageLine = (src: string, alt: string) =>
  `![${alt
    .replace(/[[\]\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()}](${src})`;

/** A GFM pipe table: its first row is the header, then the delimiter row GFM needs to see a table. */
const tableLines = (rows: string[][]) => {
  const lines = rows.map((row) => `| ${row.map(cellText).join(' | ')} |`);
  if (rows.length) lines.splice(1, 0, `|${' --- |'.repeat(Math.max(1, ...rows.map((r) => r.length)))}`);
  return lines.join('\n');
};

/** The sections as Markdown: their headings, paragraphs, lists, tables and pictures, nothing added. */
export function sectionsMarkdown(sections: DocumentSection[]): string {
  const top = Math.min(...sections.map((s) => s.level));
  const out: string[] = [];
  for (const s of sections) {
    if (s.title) out.push(`${'#'.repeat(Math.min(2 + s.level - top, 4))} ${s.title}`);
    for (const b of s.blocks) {
      if (b.type === 'paragraph') out.push(b.text);
      else if (b.type === 'list')
        out.push(b.items.map((item, i) => (b.ordered ? `${i + 1}. ${item}` : `- ${item}`)).join('\n'));
      else if (b.type === 'image') out.push(imageLine(b.src, b.alt));
      else out.push(tableLines(b.rows));
    }
  }
  return out.join('\n\n');
}
