/**
 * The HTML mammoth makes of a DOCX (h1–h6, p, ul/ol/li, table/tr/td, inline marks), as sections:
 * each heading starts one at its level, with the paragraphs, lists and tables under it. mammoth's
 * HTML is well-formed XML, so it is walked with the same safe parser as the slides. A picture (an img
 * whose src read-docx.ts made pending) splits its paragraph where it sits; one inside a heading, a
 * list or a table follows it.
 */
import type { DocumentBlock, DocumentSection } from '@studio/contract';
import { PENDING_IMAGE } from './doc-images.ts';
import { readXml } from './safe-xml.ts';
import { SectionBuilder } from './sections.ts';

type List = { ordered: boolean; items: string[] };

export function htmlSections(html: string, name: string): DocumentSection[] {
  const b = new SectionBuilder();
  const fallback = { title: name, source: '开头' };
  const lists: List[] = [];
  let table: string[][] | null = null;
  let heading: number | null = null;
  // The text being gathered for the innermost heading, paragraph, list item or cell.
  let text: string[] | null = null;
  const stack: string[][] = [];
  // Pictures met inside a heading, list or table, added after it.
  let after: DocumentBlock[] = [];
  const flush = () => {
    for (const image of after) b.add(image, fallback);
    after = [];
  };
  const topLevel = () => heading === null && !stack.length && !lists.length && !table;
  const begin = () => {
    if (text) stack.push(text);
    text = [];
  };
  const end = () => {
    const t = (text ?? []).join('');
    text = stack.pop() ?? null;
    return t;
  };
  readXml(`<div>${html}</div>`, {
    open(tag) {
      const n = tag.name;
      if (/^h[1-6]$/.test(n)) {
        heading = Number(n[1]);
        begin();
      } else if (n === 'ul' || n === 'ol') lists.push({ ordered: n === 'ol', items: [] });
      else if (n === 'li' || n === 'td' || n === 'th') begin();
      else if (n === 'table') table = [];
      else if (n === 'tr') table?.push([]);
      else if (n === 'p' && !text) begin();
      else if (n === 'br' && text) text.push(' ');
      else if (n === 'img' && String(tag.attributes.src).startsWith(PENDING_IMAGE)) {
        const image: DocumentBlock = {
          type: 'image',
          src: String(tag.attributes.src),
          alt: String(tag.attributes.alt ?? ''),
        };
        if (!topLevel()) after.push(image);
        else {
          // In a paragraph: the text before it, the picture, then the rest of the paragraph.
          if (text) {
            b.add({ type: 'paragraph', text: text.join('') }, fallback);
            text = [];
          }
          b.add(image, fallback);
        }
      }
    },
    text(t) {
      text?.push(t);
    },
    close(n) {
      if (/^h[1-6]$/.test(n) && heading) {
        const title = end().trim();
        if (title) b.start(title, heading, title);
        heading = null;
        flush();
      } else if (n === 'li') {
        lists.at(-1)?.items.push(end());
      } else if (n === 'ul' || n === 'ol') {
        const list = lists.pop()!;
        // A nested list's items follow their parent item in the outer list.
        if (lists.length) lists.at(-1)!.items.push(...list.items.map((i) => `· ${i}`));
        else {
          b.add({ type: 'list', ...list }, fallback);
          flush();
        }
      } else if (n === 'td' || n === 'th') {
        (table as string[][] | null)?.at(-1)?.push(end());
      } else if (n === 'table') {
        if (table) b.add({ type: 'table', rows: table }, fallback);
        table = null;
        flush();
      } else if (n === 'p' && text && !stack.length && !lists.length && !table) {
        b.add({ type: 'paragraph', text: end() }, fallback);
        flush();
      } else if (n === 'p' && text) text.push(' ');
    },
  });
  flush();
  return b.result();
}
