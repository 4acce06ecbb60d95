import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { userInfoSchema, userModifyBody, userPasswordBody } from '../schemas/account.ts';

export const user = {
  info: endpoint({
    method: 'GET',
    path: Routes.user.info,
    auth: 'user',
    summary: 'The logged-in user',
    output: userInfoSchema,
  }),
  modify: endpoint({
    method: 'POST',
    path: Routes.user.modify,
    auth: 'user',
    summary: 'Edit nickname or avatar',
    input: userModifyBody,
    output: userInfoSchema,
  }),
  password: endpoint({
    method: 'POST',
    path: Routes.user.password,
    auth: 'registered',
    summary: 'Set or change the password',
    input: userPasswordBody,
    output: z.null(),
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
};
