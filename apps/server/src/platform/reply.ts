import { Code, type Envelope, messageFor } from '@studio/contract';

/** The success envelope. Every handler answers through this (or throws AppError). */
export const ok = <T>(data: T, code: number = Code.OK): Envelope<T> => ({
  code,
  msg: messageFor(code),
  data,
});
