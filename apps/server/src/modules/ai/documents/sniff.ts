/**
 * What a file is, judged by its bytes, never by its name or the type the browser sent: a PDF by its
 * header, a DOCX or PPTX by the parts inside its zip, text by decoding as UTF-8. The name only tells
 * Markdown from plain text, both of which are text.
 */
import type { DocumentFormat } from '@studio/contract';
import { docRefused } from './doc-errors.ts';
import { zipEntries, type ZipEntry } from './zip-reader.ts';

export type Sniffed =
  | { format: 'pdf' }
  | { format: 'docx' | 'pptx'; entries: ZipEntry[] }
  | { format: 'markdown' | 'text'; text: string };

const startsWith = (buf: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** A password-protected DOCX or PPTX is an OLE file holding an "EncryptedPackage" stream. */
const isEncryptedOffice = (buf: Uint8Array) =>
  Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).includes(
    Buffer.from('EncryptedPackage', 'utf16le'),
  );

const MARKDOWN = /^(#{1,6}\s|\s*[-*]\s|\s*\d+\.\s|\|.*\|\s*$)/m;

export function sniff(buf: Uint8Array, name: string): Sniffed {
  if (buf.length === 0) throw docRefused.empty();
  // %PDF- may follow a little junk at the start, as readers allow.
  const head = Buffer.from(buf.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return { format: 'pdf' };
  if (startsWith(buf, OLE)) {
    if (isEncryptedOffice(buf)) throw docRefused.encrypted();
    throw docRefused.unknown(); // .doc, .ppt, .xls: the old binary formats are not read
  }
  if (startsWith(buf, ZIP)) {
    const entries = zipEntries(buf);
    const names = new Set(entries.map((e) => e.name));
    if (names.has('word/document.xml')) return { format: 'docx', entries };
    if (names.has('ppt/presentation.xml')) return { format: 'pptx', entries };
    throw docRefused.unknown();
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw docRefused.unknown();
  }
  // Binary that happens to decode (NUL and other control bytes) is no text document.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 65_536))) throw docRefused.unknown();
  text = text.replace(/^\uFEFF/, '');
  if (!text.trim()) throw docRefused.empty();
  const format: DocumentFormat =
    /\.(md|markdown)$/i.test(name) || MARKDOWN.test(text.slice(0, 20_000)) ? 'markdown' : 'text';
  return { format, text } as Sniffed;
}
