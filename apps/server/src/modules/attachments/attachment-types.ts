/**
 * What a file is, judged by its bytes (file-type's magic numbers), never by the client's name or
 * content type. The name may only narrow what the bytes allow: an OLE compound file is a Word,
 * Excel or PowerPoint file as its extension says, a zip named `.key` is Keynote, and bytes without
 * a signature are text only when they are UTF-8 without NUL and named `.txt` or `.md`.
 */
import { createReadStream } from 'node:fs';
import type { AttachmentKind } from '@studio/contract';
import { fileTypeFromFile } from 'file-type';
import { extensionOf } from './attachment-names.ts';

export type AttachmentType = {
  kind: AttachmentKind;
  contentType: string;
  /** Extensions a download name may end with; the first is added when the name has none of them. */
  exts: readonly string[];
};

const BY_MIME: Record<string, AttachmentType> = {
  'application/pdf': { kind: 'pdf', contentType: 'application/pdf', exts: ['pdf'] },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    kind: 'slides',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    exts: ['pptx'],
  },
  'application/vnd.oasis.opendocument.presentation': {
    kind: 'slides',
    contentType: 'application/vnd.oasis.opendocument.presentation',
    exts: ['odp'],
  },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    kind: 'document',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    exts: ['docx'],
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    kind: 'spreadsheet',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    exts: ['xlsx'],
  },
};

/** Old Office files are all one container (OLE/CFB): which one is the name's to say. */
const OLE: Record<string, AttachmentType> = {
  doc: { kind: 'document', contentType: 'application/msword', exts: ['doc'] },
  xls: { kind: 'spreadsheet', contentType: 'application/vnd.ms-excel', exts: ['xls'] },
  ppt: { kind: 'slides', contentType: 'application/vnd.ms-powerpoint', exts: ['ppt'] },
};
const ZIP: AttachmentType = { kind: 'zip', contentType: 'application/zip', exts: ['zip'] };
const KEYNOTE: AttachmentType = {
  kind: 'slides',
  contentType: 'application/vnd.apple.keynote',
  exts: ['key'],
};
const TEXT: Record<string, AttachmentType> = {
  txt: { kind: 'text', contentType: 'text/plain; charset=utf-8', exts: ['txt'] },
  md: { kind: 'text', contentType: 'text/markdown; charset=utf-8', exts: ['md'] },
};

/** UTF-8 from the first byte to the last, and no NUL (binary data rarely passes both). */
async function isUtf8Text(filePath: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(filePath)) {
      if ((chunk as Buffer).includes(0)) return false;
      decoder.decode(chunk as Buffer, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The attachment's type from its bytes (and, where the bytes allow several, its name); null: refused. */
export async function detectAttachment(filePath: string, name: string): Promise<AttachmentType | null> {
  const ext = extensionOf(name);
  const found = await fileTypeFromFile(filePath);
  if (!found) return TEXT[ext] && (await isUtf8Text(filePath)) ? TEXT[ext]! : null;
  if (BY_MIME[found.mime]) return BY_MIME[found.mime]!;
  if (found.ext === 'cfb') return OLE[ext] ?? null;
  if (found.mime === 'application/zip') return ext === 'key' ? KEYNOTE : ZIP;
  return null;
}
