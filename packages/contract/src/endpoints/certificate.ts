import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { certificateQuery, certificateSchema } from '../schemas/learn.ts';

export const certificate = {
  view: endpoint({
    method: 'GET',
    path: Routes.certificate.view,
    auth: 'public',
    summary: 'A certificate by its verification code, for anyone (nothing else about the learner)',
    input: certificateQuery,
    output: certificateSchema,
  }),
};
