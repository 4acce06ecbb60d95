/**
 * Reads an uploaded document into sections, within DOCUMENT_LIMITS: its bytes (50 MB), its pages (500,
 * refused from the count before reading pages), a zip's entries and inflated bytes, and 60 s of parsing
 * (checked between pages and slides; a step inside a library is bounded by the size limits). The file
 * is only ever in memory, so a refusal or a crash leaves nothing behind. At most two documents are read
 * at once in a process (memory: a 50 MB file and what it inflates to); the others wait their turn.
 */
import {
  DOCUMENT_LIMITS,
  type DocumentFormat,
  type DocumentParseProgress,
  type DocumentSection,
} from '@studio/contract';
import { AppError } from '../../../platform/errors.ts';
import { docRefused } from './doc-errors.ts';
import { readPptx } from './read-pptx.ts';
import { readMarkdown, readPlainText, textPages } from './read-text.ts';
import { sniff } from './sniff.ts';

/**
 * `images`: a DOCX's or PPTX's pictures, by the index their blocks' pending src names (doc-images.ts),
 * not stored yet; none for the other formats.
 */
export type ReadDocument = {
  format: DocumentFormat;
  pages: number;
  sections: DocumentSection[];
  images: Uint8Array[];
};
/** Told after each page (PDF) or slide (PPTX) is read; the other formats are read in one step. */
export type OnParseProgress = (progress: DocumentParseProgress) => void;

const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

async function read(
  buf: Uint8Array,
  name: string,
  deadline: number,
  onProgress: OnParseProgress,
): Promise<ReadDocument> {
  const found = sniff(buf, name);
  // unpdf (PDF.js) and mammoth (with JSZip, bluebird, xmldom) load with the first document of
  // their kind a process reads, not at every start.
  switch (found.format) {
    case 'pdf': {
      const { readPdf } = await import('./read-pdf.ts');
      return {
        format: 'pdf',
        images: [],
        ...(await readPdf(buf, deadline, (done, total) => onProgress({ done, total, unit: 'page' }))),
      };
    }
    case 'docx': {
      const { readDocx } = await import('./read-docx.ts');
      return { format: 'docx', ...(await readDocx(buf, found.entries, name)) };
    }
    case 'pptx':
      return {
        format: 'pptx',
        ...readPptx(buf, found.entries, deadline, (done, total) =>
          onProgress({ done, total, unit: 'slide' }),
        ),
      };
    case 'markdown':
      return {
        format: 'markdown',
        pages: textPages(found.text),
        sections: readMarkdown(found.text, name),
        images: [],
      };
    case 'text':
      return {
        format: 'text',
        pages: textPages(found.text),
        sections: readPlainText(found.text, name),
        images: [],
      };
  }
}

export async function readDocument(
  buf: Uint8Array,
  name: string,
  onProgress: OnParseProgress = () => undefined,
): Promise<ReadDocument> {
  if (buf.length > DOCUMENT_LIMITS.maxBytes) throw docRefused.tooLarge();
  return inTurn(async () => {
    const deadline = Date.now() + DOCUMENT_LIMITS.parseSeconds * 1000;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(docRefused.timeout()), DOCUMENT_LIMITS.parseSeconds * 1000);
    });
    try {
      return await Promise.race([read(buf, name, deadline, onProgress), late]);
    } catch (err) {
      // Whatever a library throws on a file it cannot read is the file's fault, never a 500.
      if (err instanceof AppError) throw err;
      throw docRefused.corrupt();
    } finally {
      clearTimeout(timer);
    }
  });
}
