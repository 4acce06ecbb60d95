import { Routes, UPLOAD_KINDS, type UploadKind, endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { invalidInput } from '../../platform/errors.ts';
import { readUpload, storeUpload } from './files.service.ts';
import { serve } from '../../platform/endpoint.ts';

const isKind = (v: unknown): v is UploadKind =>
  typeof v === 'string' && (UPLOAD_KINDS as readonly string[]).includes(v);

export const filesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.file.upload, async (request) => {
      if (!request.isMultipart()) throw invalidInput('file', 'multipartRequired');
      let kind: UploadKind = 'image';
      for await (const part of request.parts({
        limits: { fileSize: ctx.config.UPLOAD_MAX_BYTES, files: 1 },
      })) {
        if (part.type === 'field') {
          if (part.fieldname !== 'kind') continue;
          if (!isKind(part.value)) throw invalidInput('kind', 'oneOf', UPLOAD_KINDS);
          kind = part.value;
          continue;
        }
        const body = await part.toBuffer(); // throws 413 past UPLOAD_MAX_BYTES
        return storeUpload(ctx, kind, body);
      }
      throw invalidInput('file', 'fileMissing');
    });

    app.get(
      `${Routes.file.get}/*`,
      {
        config: { auth: 'public' },
        schema: { summary: 'Read an uploaded file', params: z.object({ '*': z.string() }) },
      },
      async (request, reply) => {
        const file = await readUpload(ctx, request.params['*']);
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'")
          .send(file.body);
      },
    );
  };
