import { Code, UPLOAD_MIME_TYPES, type UploadKind, type UploadResult } from '@studio/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../platform/context.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { FILE_KEY_PATTERN, isLegacyImageKey, type StoredFile } from '../../platform/storage/file-storage.ts';
import { publicUrlOf } from './file-urls.ts';

// Other modules check a URL through here (eslint: modules meet through a service).
export { isOwnFileUrl } from './file-urls.ts';
import { cleanLegacyImage, encodeUpload } from './image-encoding.ts';

/**
 * Stores an uploaded image. The type comes from the bytes, never from the name or the client's
 * header; then the image is re-encoded (`image-encoding.ts`) and only its variants are stored, each
 * under `<kind>/<yyyy>/<mm>/<token>/<lg|sm>.<ext>`. The URL answered is the large fallback's.
 */
export async function storeUpload(ctx: AppContext, kind: UploadKind, body: Buffer): Promise<UploadResult> {
  if (body.length === 0) throw new AppError(Code.FILE_EMPTY);
  const detected = await fileTypeFromBuffer(body);
  if (!detected || !(UPLOAD_MIME_TYPES as readonly string[]).includes(detected.mime)) {
    throw new AppError(Code.FILE_TYPE_NOT_ALLOWED);
  }
  const variants = await encodeUpload(kind, body);
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const folder = `${kind}/${now.getUTCFullYear()}/${month}/${randomToken(16)}`;
  const puts = await Promise.allSettled(
    variants.map((v) => ctx.storage.put(`${folder}/${v.size}.${v.ext}`, v.body, v.type)),
  );
  const failed = puts.find((p) => p.status === 'rejected');
  if (failed) {
    // No half-stored image: once every write has ended, those that were made go too.
    await ctx.storage.deletePrefix(`${folder}/`);
    throw failed.reason;
  }
  const main = variants.find((v) => v.size === 'lg' && v.ext !== 'webp')!;
  const key = `${folder}/lg.${main.ext}`;
  return { url: publicUrlOf(ctx.config, key), key, size: main.body.length };
}

/**
 * Removes an image storeUpload stored (all its variants: the key's folder), for a caller whose own
 * work failed after storing it. Keys of any other shape are left alone.
 */
export async function deleteUpload(ctx: AppContext, key: string): Promise<void> {
  if (!FILE_KEY_PATTERN.test(key) || isLegacyImageKey(key)) return;
  await ctx.storage.deletePrefix(key.slice(0, key.lastIndexOf('/') + 1));
}

export async function readUpload(ctx: AppContext, key: string): Promise<StoredFile> {
  const file = FILE_KEY_PATTERN.test(key) ? await ctx.storage.get(key) : null;
  if (!file) throw new AppError(Code.NOT_FOUND, { status: 404 });
  if (!isLegacyImageKey(key)) return file;
  const cleaned = await cleanLegacyImage(file.body);
  if (cleaned === null) throw new AppError(Code.NOT_FOUND, { status: 404 });
  if (cleaned === 'clean') return file;
  await ctx.storage.put(key, cleaned, file.contentType);
  return { body: cleaned, contentType: file.contentType };
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
