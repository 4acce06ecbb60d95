import { Code, UPLOAD_MIME_TYPES, type UploadKind, type UploadResult } from '@studio/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../platform/context.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { FILE_KEY_PATTERN, type StoredFile } from '../../platform/storage/file-storage.ts';
import { publicUrlOf } from './file-urls.ts';

const EXTENSIONS: Record<(typeof UPLOAD_MIME_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Stores an uploaded image. The type comes from the bytes, never from the name or the client's header. */
export async function storeUpload(ctx: AppContext, kind: UploadKind, body: Buffer): Promise<UploadResult> {
  if (body.length === 0) throw new AppError(Code.FILE_EMPTY);
  const detected = await fileTypeFromBuffer(body);
  const mime = detected?.mime as keyof typeof EXTENSIONS | undefined;
  if (!mime || !(mime in EXTENSIONS)) throw new AppError(Code.FILE_TYPE_NOT_ALLOWED);
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const key = `${kind}/${now.getUTCFullYear()}/${month}/${randomToken(16)}.${EXTENSIONS[mime]}`;
  await ctx.storage.put(key, body, mime);
  return { url: publicUrlOf(ctx.config, key), key, size: body.length };
}

export async function readUpload(ctx: AppContext, key: string): Promise<StoredFile> {
  const file = FILE_KEY_PATTERN.test(key) ? await ctx.storage.get(key) : null;
  if (!file) throw new AppError(Code.NOT_FOUND, { status: 404 });
  return file;
}

/**
 * Stores a PDF that is never served publicly (an invoice): the bytes must be a PDF (checked as
 * uploads are, from the bytes), its key is not one the public file route reads. Answers the key.
 */
export async function storePrivatePdf(ctx: AppContext, folder: string, body: Buffer): Promise<string | null> {
  if (body.length === 0) return null;
  const detected = await fileTypeFromBuffer(body);
  if (detected?.mime !== 'application/pdf') return null;
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const key = `${folder}/${now.getUTCFullYear()}/${month}/${randomToken(16)}.pdf`;
  await ctx.storage.put(key, body, 'application/pdf');
  return key;
}
