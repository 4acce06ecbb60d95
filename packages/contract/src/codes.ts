/**
 * Business codes carried in the envelope's `code`: the one table for the server and the web client.
 * Each code has a message key (the web's i18n key, `errors.<name>`) and its Chinese message (the
 * server's `msg`; the web's Chinese text is built from it). `{{name}}` in a message is a param: the
 * server sends the params as the envelope's `data`, so both languages say the same numbers;
 * `{{name, wait}}` formats seconds as a wait ("45 秒", "3 分钟"). See `messages.ts`.
 *
 * Ranges: 10xxx accounts (and uploads), 20xxx teams, 30xxx courses and shares, 40xxx store, 50xxx AI;
 * 30040–30099 media, 60xxx learning, 70xxx co-editing (70100–70199 review comments), 80xxx groups and learning tasks, 81000–81099 exams; below 1000 the general outcomes that mirror
 * HTTP statuses. Each area's table is its own file in `codes/`.
 * The seed fixes 200, 401, 541 and the success codes 10005, 20014, 20018 (the last a store outcome
 * in the teams range, kept as given).
 */
import type { CodeEntry } from './codes/entry.ts';
import { GENERAL } from './codes/general.ts';
import { ACCOUNT } from './codes/account.ts';
import { TEAM } from './codes/team.ts';
import { COURSE } from './codes/course.ts';
import { STORE } from './codes/store.ts';
import { AI } from './codes/ai.ts';
import { LEARN } from './codes/learn.ts';
import { MEDIA } from './codes/media.ts';
import { COLLAB } from './codes/collab.ts';
import { COMMENTS } from './codes/comments.ts';
import { EXAMS } from './codes/exams.ts';
import { TRAINING } from './codes/training.ts';

export type { CodeEntry } from './codes/entry.ts';

/** The table by area, each with the range its codes live in (checked by the contract's test). */
export const CODE_AREAS = {
  general: { range: [100, 999], codes: GENERAL },
  account: { range: [10000, 19999], codes: ACCOUNT },
  team: { range: [20000, 29999], codes: TEAM },
  course: { range: [30000, 39999], codes: COURSE },
  media: { range: [30040, 30099], codes: MEDIA },
  store: { range: [40000, 49999], codes: STORE },
  ai: { range: [50000, 59999], codes: AI },
  learn: { range: [60000, 69999], codes: LEARN },
  collab: { range: [70000, 70099], codes: COLLAB },
  comments: { range: [70100, 70199], codes: COMMENTS },
  exams: { range: [81000, 81099], codes: EXAMS },
  training: { range: [80000, 80099], codes: TRAINING },
} as const;

/** Codes whose value the seed gives, kept even where it lies outside its area's range. */
export const SEED_CODES: readonly number[] = [200, 401, 541, 10005, 20014, 20018];

/** Every code by name. */
export const CODE_TABLE = {
  ...GENERAL,
  ...ACCOUNT,
  ...TEAM,
  ...COURSE,
  ...MEDIA,
  ...STORE,
  ...AI,
  ...LEARN,
  ...COLLAB,
  ...COMMENTS,
  ...EXAMS,
  ...TRAINING,
} as const;

export type CodeName = keyof typeof CODE_TABLE;
/** `errors.<name>`: the web's i18n key of a code's message. */
export type CodeMessageKey = (typeof CODE_TABLE)[CodeName]['key'];
/** The `<name>` part of the keys: the web's `errors` resource has exactly these. */
export type CodeMessageName = CodeMessageKey extends `errors.${infer N}` ? N : never;

export const Code = Object.fromEntries(
  Object.entries(CODE_TABLE).map(([name, entry]) => [name, entry.code]),
) as { readonly [N in CodeName]: (typeof CODE_TABLE)[N]['code'] };

export type CodeValue = (typeof Code)[CodeName];

const byCode = new Map<number, CodeEntry>(Object.values(CODE_TABLE).map((e: CodeEntry) => [e.code, e]));

/** The table's row for a code; undefined for a code the contract does not know. */
export const codeEntryOf = (code: number): CodeEntry | undefined => byCode.get(code);

/** A code's message key (`errors.<name>`); undefined for a code the contract does not know. */
export const messageKeyOf = (code: number): CodeMessageKey | undefined =>
  byCode.get(code)?.key as CodeMessageKey | undefined;

/** Codes the client treats as success (seed §8). */
export const SUCCESS_CODES: readonly number[] = [
  Code.OK,
  Code.ALREADY_MEMBER,
  Code.SMS_ALREADY_SENT,
  Code.ORDER_ALREADY_PAID,
];

export const isSuccessCode = (code: number): boolean => SUCCESS_CODES.includes(code);
