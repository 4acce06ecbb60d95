import { Code, type Envelope, messageFor } from '@studio/contract';

/** The success envelope. Every handler answers through this (or throws AppError). */
export const ok = <T>(data: T, code: number = Code.OK, msg?: string): Envelope<T> => ({
  code,
  msg: msg ?? messageFor(code),
  data,
});
