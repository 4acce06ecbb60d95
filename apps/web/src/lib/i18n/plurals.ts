/**
 * Another language's messages, typed as the Chinese, plus the `_one` form of any message: i18next
 * reads `key_one` for a count of 1 in English (Intl plural rules; the count is the `count` param)
 * and `key` for every other count. Chinese has one form, so the Chinese messages have no `_one`.
 */
export type WithPlurals<T> = {
  [K in keyof T]: T[K] extends string ? string : WithPlurals<T[K]>;
} & { [K in keyof T as T[K] extends string ? `${K & string}_one` : never]?: string };
