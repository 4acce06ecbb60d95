/**
 * Generated lessons arrive as Markdown; the editor stores Tiptap JSON. This converts the small subset a
 * generator writes (headings, lists, code blocks, quotes, paragraphs, bold/italic/code, and a picture
 * on a line of its own). A model's answer is checked as a lesson first (platform/ai/lesson-answer.ts).
 */
import type { DocNode } from '@studio/contract';

const inline = (text: string): DocNode[] => {
  const out: DocNode[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*]+\*)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push({ type: 'text', text: text.slice(last, m.index) });
    const token = m[0];
    const [mark, inner] = token.startsWith('**')
      ? ['bold', token.slice(2, -2)]
      : token.startsWith('`')
        ? ['code', token.slice(1, -1)]
        : ['italic', token.slice(1, -1)];
    out.push({ type: 'text', text: inner, marks: [{ type: mark }] });
    last = m.index + token.length;
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
  return out.filter((n) => n.text);
};

/** A picture on a line of its own: `![alt](src)`. */
export const IMAGE_LINE = /^!\[([^\]\n]*)\]\((\S+)\)\s*$/;

const paragraph = (text: string): DocNode => ({ type: 'paragraph', content: inline(text) });

/** A table's rows, each as wide as the widest (the editor's tables are rectangular). */
const table = (rows: string[][]): DocNode => {
  const width = Math.max(...rows.map((r) => r.length));
  return {
    type: 'table',
    content: rows.map((row, r) => ({
      type: 'tableRow',
      content: [...row, ...Array<string>(width - row.length).fill('')].map((cell) => ({
        type: r === 0 ? 'tableHeader' : 'tableCell',
        content: [cell ? paragraph(cell) : { type: 'paragraph' }],
      })),
    })),
  };
};

/**
 * `images`: the sources a picture line may show (a lesson's own pictures from its document); any other
 * picture line (one a model made up) is dropped, and with none given every one is.
 */
export function markdownToDoc(markdown: string, images: ReadonlySet<string> = new Set()): DocNode {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const content: DocNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const heading = /^(#{1,4})\s+(.+)$/.exec(line);
    if (heading) {
      content.push({
        type: 'heading',
        attrs: { level: Math.min(heading[1]!.length + 1, 4) },
        content: inline(heading[2]!.trim()),
      });
      i++;
    } else if (line.startsWith('```')) {
      const language = line.slice(3).trim();
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith('```')) code.push(lines[i++]!);
      i++;
      content.push({
        type: 'codeBlock',
        ...(language ? { attrs: { language } } : {}),
        content: code.length ? [{ type: 'text', text: code.join('\n') }] : [],
      });
    } else if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: DocNode[] = [];
      while (i < lines.length && /^\s*([-*]|\d+\.)\s+/.test(lines[i]!)) {
        items.push({ type: 'listItem', content: [paragraph(lines[i]!.replace(/^\s*([-*]|\d+\.)\s+/, ''))] });
        i++;
      }
      content.push({ type: ordered ? 'orderedList' : 'bulletList', content: items });
    } else if (/^\s*\|.*\|\s*$/.test(line)) {
      // A pipe table (a document's tables come as these): the first row is the header.
      const rows: string[][] = [];
      while (i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i]!)) {
        const cells = lines[i++]!.trim().slice(1, -1).split('|');
        if (!cells.every((c) => /^\s*:?-{2,}:?\s*$/.test(c))) rows.push(cells.map((c) => c.trim()));
      }
      content.push(table(rows));
    } else if (IMAGE_LINE.test(line)) {
      const [, alt, src] = IMAGE_LINE.exec(line)!;
      if (images.has(src!)) content.push({ type: 'image', attrs: { src, alt: alt!.trim() } });
      i++;
    } else if (line.startsWith('>')) {
      content.push({ type: 'blockquote', content: [paragraph(line.replace(/^>\s?/, ''))] });
      i++;
    } else if (line.trim()) {
      const para: string[] = [];
      while (
        i < lines.length &&
        lines[i]!.trim() &&
        !/^(#{1,4}\s|```|>|\s*([-*]|\d+\.)\s|\s*\|.*\|\s*$)/.test(lines[i]!) &&
        !IMAGE_LINE.test(lines[i]!)
      )
        para.push(lines[i++]!.trim());
      content.push(paragraph(para.join(' ')));
    } else {
      i++;
    }
  }
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}
