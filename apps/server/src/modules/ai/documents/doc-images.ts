/**
 * The pictures of a DOCX or PPTX, gathered while its text is read. Each is read from the zip under the
 * same limits as the XML (its inflated bytes counted in the document's total, and at most
 * DOCUMENT_LIMITS.imageMaxBytes), kept only when its bytes start as a PNG, JPEG, GIF or WebP (EMF, WMF,
 * SVG, TIFF… are left out without a word), and only the first DOCUMENT_LIMITS.imagesMax of them. The
 * block gets a pending src naming the picture's index; the bytes stay in memory until the document
 * is accepted, then the files module stores them re-encoded (ai.documents.ts), or drops the block
 * when they do not decode.
 */
import { DOCUMENT_LIMITS } from '@studio/contract';
import { readZipEntry, type ZipEntry } from './zip-reader.ts';

/** The src of a picture not stored yet: this, then its index among the document's images. */
export const PENDING_IMAGE = 'document-image:';

const starts = (b: Uint8Array, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** PNG, JPEG, GIF or WebP by their first bytes (what the files module takes; it decodes them later). */
export function isWebImage(b: Uint8Array): boolean {
  return (
    starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    starts(b, [0xff, 0xd8, 0xff]) ||
    starts(b, ascii('GIF87a')) ||
    starts(b, ascii('GIF89a')) ||
    (starts(b, ascii('RIFF')) && starts(b, ascii('WEBP'), 8))
  );
}

export class DocumentImages {
  readonly images: Uint8Array[] = [];
  private readonly byPart = new Map<string, string | null>();

  /** `inflated` is told the bytes each picture inflated to (the document's zip total). */
  private readonly buf: Uint8Array;
  private readonly parts: Map<string, ZipEntry>;
  private readonly inflated: (bytes: number) => void;

  constructor(buf: Uint8Array, parts: Map<string, ZipEntry>, inflated: (bytes: number) => void) {
    this.buf = buf;
    this.parts = parts;
    this.inflated = inflated;
  }

  /**
   * The pending src of the picture in this zip part, or null when it is left out (no such part, not a
   * web image, too big, past the cap). A part shown twice is one image.
   */
  take(part: string): string | null {
    let src = this.byPart.get(part);
    if (src === undefined) {
      src = this.read(part);
      this.byPart.set(part, src);
    }
    return src;
  }

  private read(part: string): string | null {
    if (this.images.length >= DOCUMENT_LIMITS.imagesMax) return null;
    const entry = this.parts.get(part);
    if (!entry || entry.size > DOCUMENT_LIMITS.imageMaxBytes) return null;
    // A part that inflates past what it declared is refused (a lying zip), as the XML parts are.
    const bytes = readZipEntry(this.buf, entry, DOCUMENT_LIMITS.imageMaxBytes);
    this.inflated(bytes.length);
    if (!isWebImage(bytes)) return null;
    this.images.push(bytes);
    return `${PENDING_IMAGE}${this.images.length - 1}`;
  }
}
