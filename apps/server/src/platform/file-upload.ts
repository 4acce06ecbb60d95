/**
 * The one file of a multipart upload (field `file`), read whole with its size checked as it arrives:
 * past `maxBytes` the upload stops and `tooLarge()` is thrown (each endpoint refuses with its own code).
 * The form's fields sent before the file come with it (`field`).
 */
import type { FastifyRequest } from 'fastify';
import { invalidInput } from './errors.ts';

export async function fileUpload(r: FastifyRequest, maxBytes: number, tooLarge: () => Error) {
  if (!r.isMultipart()) throw invalidInput('file', 'multipartRequired');
  const part = await r.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw invalidInput('file', 'fileMissing');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  const field = (name: string): unknown => {
    const f = part.fields[name];
    return f && !Array.isArray(f) && f.type === 'field' ? f.value : undefined;
  };
  return { bytes, filename: part.filename, field };
}
