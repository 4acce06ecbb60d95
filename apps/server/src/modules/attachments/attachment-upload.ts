/**
 * Receiving an attachment: multipart, field `lessonId` then field `file`, streamed to a temporary
 * file under DATA_DIR (never held in memory, never named after the client's name) while its bytes
 * are counted against ATTACHMENT_MAX_BYTES. The lesson is checked before the first byte of the file
 * is read; the temporary folder is removed whatever happens.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Attachment, Code, idSchema } from '@studio/contract';
import type { FastifyRequest } from 'fastify';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, invalidInput } from '../../platform/errors.ts';
import { editableLesson, storeAttachment, tooLarge, type EditableLesson } from './attachments.service.ts';

/** Multipart's own headers and the `lessonId` field around the file. */
const ENVELOPE_BYTES = 64 * 1024;

const isTooLarge = (err: unknown) => (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

export async function receiveAttachment(ctx: AppContext, request: FastifyRequest): Promise<Attachment> {
  if (!request.isMultipart()) throw invalidInput('file', 'multipartRequired');
  const c = teamCtxOf(request);
  const max = ctx.config.ATTACHMENT_MAX_BYTES;
  // A body announced as too large is refused before it is read.
  if (Number(request.headers['content-length']) > max + ENVELOPE_BYTES) throw tooLarge(ctx);
  let lesson: EditableLesson | null = null;
  for await (const part of request.parts({ limits: { fileSize: max, files: 1, fields: 2 } })) {
    if (part.type === 'field') {
      if (part.fieldname !== 'lessonId') continue;
      const id = idSchema.safeParse(Number(part.value));
      if (!id.success) throw invalidInput('lessonId', 'invalid');
      lesson = await editableLesson(c, id.data);
      continue;
    }
    if (!lesson) throw invalidInput('lessonId', 'beforeFile');
    const dir = path.join(ctx.config.dataDir, 'tmp', `attachment-${randomBytes(8).toString('hex')}`);
    await fs.mkdir(dir, { recursive: true });
    try {
      const file = path.join(dir, 'upload');
      try {
        await pipeline(part.file, createWriteStream(file));
      } catch (err) {
        if (isTooLarge(err)) throw tooLarge(ctx);
        throw err;
      }
      if (part.file.truncated) throw tooLarge(ctx);
      const { size } = await fs.stat(file);
      return await storeAttachment(c, lesson, { path: file, sizeBytes: size, name: part.filename });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
  throw new AppError(Code.ATTACHMENT_FILE_MISSING);
}
