/**
 * PDF through unpdf (PDF.js for servers). The page count comes from the document's page tree before
 * any page is read, so a 10,000-page file is refused at once. Each page is a section (第 n 页) whose
 * title is its first line; lines are joined into paragraphs, and "•"/"1." lines into lists. A PDF
 * whose pages carry no text at all is a scan: refused with its own message.
 */
import { DOCUMENT_LIMITS, type DocumentSection } from '@studio/contract';
import { getDocumentProxy } from 'unpdf';
import { checkDeadline, docRefused } from './doc-errors.ts';
import { SectionBuilder } from './sections.ts';

type TextItem = { str: string; hasEOL?: boolean };
const BULLET = /^\s*([•●○▪■◆\-–*]|\d+[.)、])\s*/;

async function openPdf(buf: Uint8Array) {
  try {
    // PDF.js takes the buffer over (detaches it): it gets a copy.
    return await getDocumentProxy(new Uint8Array(buf), { verbosity: 0 });
  } catch (err) {
    if ((err as Error)?.name === 'PasswordException') throw docRefused.encrypted();
    throw docRefused.corrupt();
  }
}

/** A page's text as lines (PDF.js marks the ends of lines). */
function pageLines(items: TextItem[]): string[] {
  const lines: string[] = [];
  let line = '';
  for (const it of items) {
    line += it.str;
    if (it.hasEOL) {
      lines.push(line);
      line = '';
    }
  }
  if (line) lines.push(line);
  return lines.map((l) => l.trim()).filter(Boolean);
}

export async function readPdf(
  buf: Uint8Array,
  deadline: number,
  onPage?: (done: number, total: number) => void,
): Promise<{ pages: number; sections: DocumentSection[] }> {
  const pdf = await openPdf(buf);
  try {
    const pages = pdf.numPages;
    if (pages > DOCUMENT_LIMITS.maxPages) throw docRefused.tooManyPages(pages);
    const b = new SectionBuilder();
    for (let n = 1; n <= pages; n++) {
      checkDeadline(deadline);
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      page.cleanup();
      const lines = pageLines(content.items as TextItem[]);
      onPage?.(n, pages);
      if (!lines.length) continue;
      b.start(lines[0]!.slice(0, 60), 1, `第 ${n} 页`);
      const where = { title: lines[0]!, source: `第 ${n} 页` };
      let para: string[] = [];
      let items: string[] = [];
      const flush = () => {
        if (para.length) b.add({ type: 'paragraph', text: para.join(' ') }, where);
        if (items.length) b.add({ type: 'list', ordered: false, items }, where);
        para = [];
        items = [];
      };
      for (const line of lines.slice(1)) {
        if (BULLET.test(line)) {
          if (para.length) b.add({ type: 'paragraph', text: para.join(' ') }, where);
          para = [];
          items.push(line.replace(BULLET, ''));
        } else {
          if (items.length) b.add({ type: 'list', ordered: false, items }, where);
          items = [];
          para.push(line);
          // A line ending a sentence ends its paragraph.
          if (/[。！？.!?:：]$/.test(line)) flush();
        }
      }
      flush();
      // A page of one line (a title page, a chapter's first page) keeps that line as its text.
      if (!b.sections.at(-1)!.blocks.length) b.add({ type: 'paragraph', text: lines[0]! }, where);
    }
    return { pages, sections: b.result() };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
