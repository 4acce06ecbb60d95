/**
 * DOCX through mammoth (to HTML, so headings, lists and tables survive). mammoth unzips with JSZip,
 * which trusts the zip's declared sizes; so the parts are first read here under the zip limits
 * (zip-reader.ts), any DTD is refused, and mammoth gets a new zip of only those checked parts,
 * stored without compression. A picture's part goes in as its own name only: mammoth hands it back
 * through convertImage, which reads the real bytes under the limits (doc-images.ts) and places the
 * picture where it sits in the text. Linked pictures (outside the file) are never read. mammoth makes a
 * converter's failure a warning and leaves that picture out, so a picture part that inflates past its
 * declared size (stopped there by the zip reader) costs the picture, not the document.
 */
import { DOCUMENT_LIMITS, type DocumentSection } from '@studio/contract';
import { zipSync } from 'fflate';
import mammoth from 'mammoth';
import { AppError } from '../../../platform/errors.ts';
import { docRefused } from './doc-errors.ts';
import { htmlSections } from './html-sections.ts';
import { assertNoDtd } from './safe-xml.ts';
import { TEXT_PAGE_CHARS } from './read-text.ts';
import { readZipEntry, zipIndex, type ZipEntry } from './zip-reader.ts';
import { DocumentImages } from './doc-images.ts';
import { sectionChars } from './sections.ts';

const TEXT_PARTS =
  /^(\[Content_Types\]\.xml|_rels\/.*\.rels|word\/[^/]*\.xml|word\/_rels\/.*\.rels|docProps\/app\.xml)$/;
/** Parts that may be pictures (word/media/…): never XML, which mammoth would parse. */
const isMediaPart = (name: string) => name.startsWith('word/') && !/(\/|\.xml|\.rels)$/i.test(name);

export async function readDocx(
  buf: Uint8Array,
  entries: ZipEntry[],
  name: string,
): Promise<{ pages: number; sections: DocumentSection[]; images: Uint8Array[] }> {
  const parts: Record<string, Uint8Array> = {};
  let total = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > DOCUMENT_LIMITS.zipInflatedMax) throw docRefused.tooComplex();
  };
  const images = new DocumentImages(buf, zipIndex(entries), count);
  for (const e of entries) {
    if (isMediaPart(e.name)) parts[e.name] = Buffer.from(e.name, 'utf8');
    if (!TEXT_PARTS.test(e.name)) continue;
    const bytes = readZipEntry(buf, e);
    count(bytes.length);
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
      {
        externalFileAccess: false,
        // The part's name comes back (see above); alt text is added by imgElement from the document.
        convertImage: mammoth.images.imgElement(async (image) => {
          const part = await image.read('utf8').catch(() => null);
          return { src: (part !== null && images.take(part)) || '' };
        }),
      },
    );
    html = result.value;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw docRefused.corrupt();
  }
  const sections = htmlSections(html, name);
  const chars = sections.reduce((n, s) => n + sectionChars(s), 0);
  const pages = declaredPages || Math.max(1, Math.ceil(chars / TEXT_PAGE_CHARS));
  if (pages > DOCUMENT_LIMITS.maxPages) throw docRefused.tooManyPages(pages);
  return { pages, sections, images: images.images };
}
