/**
 * Reads the parts of a DOCX or PPTX (a zip) with bounded memory and time. The central directory is read
 * first: too many entries, or declared sizes over the limits, are refused before anything is inflated.
 * Then each part is inflated in 16 KB steps while its output is counted, so a directory that lies
 * about sizes (a zip bomb) is stopped at the limit, not after inflating it all.
 */
import { DOCUMENT_LIMITS } from '@studio/contract';
import { Inflate } from 'fflate';
import { docRefused } from './doc-errors.ts';

export type ZipEntry = { name: string; method: number; compressed: number; size: number; offset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
// 16 KB of input inflates to at most about 16 MB (deflate tops out near 1032:1).
const STEP = 16 * 1024;

/** The entries of the zip's central directory; throws "corrupt" for anything that is not a plain zip. */
export function zipEntries(buf: Uint8Array): ZipEntry[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let e = buf.length - 22;
  const stop = Math.max(0, buf.length - 22 - 65_535);
  while (e >= stop && view.getUint32(e, true) !== EOCD) e--;
  if (e < stop) throw docRefused.corrupt();
  const count = view.getUint16(e + 10, true);
  let o = view.getUint32(e + 16, true);
  if (count > DOCUMENT_LIMITS.zipEntriesMax) throw docRefused.tooComplex();
  // 0xffff / 0xffffffff mean Zip64, which no document under the size limit needs.
  if (count === 0xffff || o === 0xffffffff) throw docRefused.tooComplex();
  const entries: ZipEntry[] = [];
  let declared = 0;
  for (let i = 0; i < count; i++) {
    if (o + 46 > buf.length || view.getUint32(o, true) !== CENTRAL) throw docRefused.corrupt();
    const method = view.getUint16(o + 10, true);
    const compressed = view.getUint32(o + 20, true);
    const size = view.getUint32(o + 24, true);
    const nameLen = view.getUint16(o + 28, true);
    const extraLen = view.getUint16(o + 30, true);
    const commentLen = view.getUint16(o + 32, true);
    const offset = view.getUint32(o + 42, true);
    const name = new TextDecoder().decode(buf.subarray(o + 46, o + 46 + nameLen));
    declared += size;
    if (declared > DOCUMENT_LIMITS.zipInflatedMax) throw docRefused.tooComplex();
    entries.push({ name, method, compressed, size, offset });
    o += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * One part's bytes, inflated with its output counted: more than it declared, or than `max`, is refused
 * as too complex (the count stops the inflating, so a lying entry costs at most `max` bytes).
 */
export function readZipEntry(buf: Uint8Array, entry: ZipEntry, max = DOCUMENT_LIMITS.xmlPartMax): Uint8Array {
  if (entry.size > max) throw docRefused.tooComplex();
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const o = entry.offset;
  if (o + 30 > buf.length || view.getUint32(o, true) !== LOCAL) throw docRefused.corrupt();
  const start = o + 30 + view.getUint16(o + 26, true) + view.getUint16(o + 28, true);
  const data = buf.subarray(start, start + entry.compressed);
  if (data.length !== entry.compressed) throw docRefused.corrupt();
  if (entry.method === 0) {
    if (entry.compressed !== entry.size) throw docRefused.corrupt();
    return data;
  }
  if (entry.method !== 8) throw docRefused.corrupt();
  const out = new Uint8Array(entry.size);
  let written = 0;
  let over = false;
  const inflate = new Inflate((chunk) => {
    if (written + chunk.length > entry.size) over = true;
    else out.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let i = 0; i < data.length && !over; i += STEP)
      inflate.push(data.subarray(i, i + STEP), i + STEP >= data.length);
  } catch {
    throw docRefused.corrupt();
  }
  if (over) throw docRefused.tooComplex();
  if (written !== entry.size) throw docRefused.corrupt();
  return out;
}

/** The named parts that exist, by name. */
export function zipIndex(entries: ZipEntry[]): Map<string, ZipEntry> {
  return new Map(entries.map((e) => [e.name, e]));
}
