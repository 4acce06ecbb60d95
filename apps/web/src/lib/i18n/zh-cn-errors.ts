import { CODE_TABLE, type CodeMessageName } from '@studio/contract/constants';

/**
 * The business codes' messages (`errors.<name>`), in Chinese: the contract's table, written once
 * there. `{{param}}` and `{{param, wait}}` are filled from the envelope's data (see `error-text.ts`).
 */
export const errorsZhCN = Object.fromEntries(
  Object.values(CODE_TABLE).map((entry) => [entry.key.slice('errors.'.length), entry.zh]),
) as Record<CodeMessageName, string>;
