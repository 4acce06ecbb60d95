/**
 * DOCX through mammoth (to HTML, so headings, lists and tables survive). mammoth unzips with JSZip,
 * which trusts the zip's declared sizes; so the parts are first read here under the zip limits
 * (zip-reader.ts), any DTD is refused, and mammoth gets a new zip of only those checked parts,
 * stored without compression (the images are left out: lessons do not take them yet).
 */
import { DOCUMENT_LIMITS, type DocumentSection } from '@studio/contract';
import { zipSync } from 'fflate';
import mammoth from 'mammoth';
import { docRefused } from './doc-errors.ts';
import { htmlSections } from './html-sections.ts';
import { assertNoDtd } from './safe-xml.ts';
import { TEXT_PAGE_CHARS } from './read-text.ts';
import { readZipEntry, type ZipEntry } from './zip-reader.ts';
import { sectionChars } from './sections.ts';

const TEXT_PARTS =
  /^(\[Content_Types\]\.xml|_rels\/.*\.rels|word\/[^/]*\.xml|word\/_rels\/.*\.rels|docProps\/app\.xml)$/;

export async function readDocx(
  buf: Uint8Array,
  entries: ZipEntry[],
  name: string,
): Promise<{ pages: number; sections: DocumentSection[] }> {
  const parts: Record<string, Uint8Array> = {};
  let total = 0;
  for (const e of entries) {
    if (!TEXT_PARTS.test(e.name)) continue;
    const bytes = readZipEntry(buf, e);
    total += bytes.length;
    if (total > DOCUMENT_LIMITS.zipInflatedMax) throw docRefused.tooComplex();
    assertNoDtd(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
    parts[e.name] = bytes;
  }
  // Word's own page count, when it saved one, decides the page limit before the text is converted.
  const app = parts['docProps/app.xml'] && Buffer.from(parts['docProps/app.xml']).toString('utf8');
  const declaredPages = Number(/<Pages>(\d+)<\/Pages>/.exec(app ?? '')?.[1] ?? 0);
  if (declaredPages > DOCUMENT_LIMITS.maxPages) throw docRefused.tooManyPages(declaredPages);
  let html: string;
  try {
    const clean = zipSync(parts, { level: 0 });
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(clean.buffer, clean.byteOffset, clean.byteLength) },
      { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) },
    );
    html = result.value;
  } catch {
    throw docRefused.corrupt();
  }
  const sections = htmlSections(html, name);
  const chars = sections.reduce((n, s) => n + sectionChars(s), 0);
  const pages = declaredPages || Math.max(1, Math.ceil(chars / TEXT_PAGE_CHARS));
  if (pages > DOCUMENT_LIMITS.maxPages) throw docRefused.tooManyPages(pages);
  return { pages, sections };
}
