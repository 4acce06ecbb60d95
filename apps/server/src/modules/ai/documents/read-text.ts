/**
 * Markdown and plain text. Markdown's headings make the sections (with their lists and GFM tables);
 * plain text is split at chapter lines ("第二章 …", "Chapter 3") and else into runs of paragraphs.
 * A text "page" is 1,800 characters, for the 500-page limit.
 */
import type { DocumentBlock, DocumentSection } from '@studio/contract';
import { DOCUMENT_LIMITS } from '@studio/contract';
import { lexMarkdown, plainText, type Token, type Tokens } from '@studio/contract/markdown';
import { docRefused } from './doc-errors.ts';
import { SectionBuilder } from './sections.ts';

export const TEXT_PAGE_CHARS = 1800;
const CHAPTER = /^(第[一二三四五六七八九十百零〇\d]+[章节部分篇讲课]|chapter\s+\d+|part\s+\d+)/i;
const RUN_CHARS = 4000;

export function textPages(text: string): number {
  const pages = Math.max(1, Math.ceil(text.length / TEXT_PAGE_CHARS));
  if (pages > DOCUMENT_LIMITS.maxPages) throw docRefused.tooManyPages(pages);
  return pages;
}

/**
 * A Markdown document through the shared Markdown parser (`@studio/contract/markdown`): its headings
 * start sections; paragraphs, quotes and code keep their Markdown text (the lesson's converter reads
 * it again); nested list items become items of their own; GFM tables their rows of cell text.
 */
export function readMarkdown(text: string, name: string): DocumentSection[] {
  const b = new SectionBuilder();
  const fallback = { title: name, source: '开头' };
  const add = (block: DocumentBlock) => b.add(block, fallback);
  const listItems = (list: Tokens.List): string[] =>
    list.items.flatMap((item: Tokens.ListItem) =>
      item.tokens.flatMap((t) =>
        t.type === 'list' ? listItems(t as Tokens.List) : t.type === 'checkbox' ? [] : [t.raw],
      ),
    );
  const blocks = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'heading') b.start(plainText(t.tokens), t.depth, plainText(t.tokens));
      else if (t.type === 'list')
        add({ type: 'list', ordered: t.ordered, items: listItems(t as Tokens.List) });
      else if (t.type === 'table') {
        const table = t as Tokens.Table;
        const cells = (row: Tokens.TableCell[]) => row.map((c) => c.text);
        add({ type: 'table', rows: [cells(table.header), ...table.rows.map(cells)] });
      } else if (t.type === 'blockquote') blocks(t.tokens ?? []);
      else if (t.type === 'code' || t.type === 'paragraph' || t.type === 'html' || t.type === 'text')
        add({ type: 'paragraph', text: t.text });
    }
  };
  blocks(lexMarkdown(text));
  return b.result();
}

export function readPlainText(text: string, name: string): DocumentSection[] {
  const b = new SectionBuilder();
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const chapters = paragraphs.some((p) => CHAPTER.test(p));
  let run = 0;
  let first = 0;
  paragraphs.forEach((p, n) => {
    const firstLine = p.split('\n')[0]!;
    if (chapters && CHAPTER.test(firstLine)) {
      b.start(firstLine.slice(0, 60), 1, firstLine.slice(0, 30));
      const rest = p.slice(firstLine.length).trim();
      if (rest) b.add({ type: 'paragraph', text: rest }, { title: name, source: '开头' });
      return;
    }
    if (!chapters && (n === 0 || run > RUN_CHARS)) {
      // A run of paragraphs, named by its first line and numbered by paragraph.
      run = 0;
      first = n + 1;
      b.start(firstLine.slice(0, 40), 1, `第 ${first} 段起`);
    }
    run += p.length;
    b.add({ type: 'paragraph', text: p }, { title: name, source: '开头' });
  });
  return b.result();
}
