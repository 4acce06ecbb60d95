/**
 * Markdown and plain text. Markdown's headings make the sections (with their lists and pipe tables);
 * plain text is split at chapter lines ("第二章 …", "Chapter 3") and else into runs of paragraphs.
 * A text "page" is 1,800 characters, for the 500-page limit.
 */
import type { DocumentSection } from '@studio/contract';
import { DOCUMENT_LIMITS } from '@studio/contract';
import { docRefused } from './doc-errors.ts';
import { SectionBuilder } from './sections.ts';

export const TEXT_PAGE_CHARS = 1800;
const CHAPTER = /^(第[一二三四五六七八九十百零〇\d]+[章节部分篇讲课]|chapter\s+\d+|part\s+\d+)/i;
const LIST = /^\s*([-*+]|\d+[.)])\s+/;
const RUN_CHARS = 4000;

export function textPages(text: string): number {
  const pages = Math.max(1, Math.ceil(text.length / TEXT_PAGE_CHARS));
  if (pages > DOCUMENT_LIMITS.maxPages) throw docRefused.tooManyPages(pages);
  return pages;
}

export function readMarkdown(text: string, name: string): DocumentSection[] {
  const b = new SectionBuilder();
  const fallback = { title: name, source: '开头' };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  let fenced = false;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      b.start(heading[2]!, heading[1]!.length, heading[2]!);
      i++;
    } else if (!fenced && LIST.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const items: string[] = [];
      while (i < lines.length && LIST.test(lines[i]!)) items.push(lines[i++]!.replace(LIST, ''));
      b.add({ type: 'list', ordered, items }, fallback);
    } else if (!fenced && /^\s*\|.*\|\s*$/.test(line)) {
      const rows: string[][] = [];
      while (i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i]!)) {
        const row = lines[i++]!.trim().slice(1, -1).split('|');
        if (!row.every((c) => /^\s*:?-{2,}:?\s*$/.test(c))) rows.push(row);
      }
      b.add({ type: 'table', rows }, fallback);
    } else if (line.trim()) {
      const para: string[] = [];
      while (
        i < lines.length &&
        lines[i]!.trim() &&
        !/^(#{1,6}\s|```|\s*\|)/.test(lines[i]!) &&
        !LIST.test(lines[i]!)
      ) {
        para.push(lines[i++]!);
        if (fenced) break;
      }
      if (!para.length) para.push(lines[i++]!);
      b.add({ type: 'paragraph', text: para.join(' ').replace(/^```\w*/, '') }, fallback);
    } else i++;
  }
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
