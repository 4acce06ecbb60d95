import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { uploadData } from '../schemas/account.ts';

export const file = {
  upload: endpoint({
    method: 'POST',
    path: Routes.file.upload,
    auth: 'registered',
    summary: 'Upload an image (multipart: field `kind` then field `file`)',
    output: uploadData,
    multipart: true,
  }),
};
