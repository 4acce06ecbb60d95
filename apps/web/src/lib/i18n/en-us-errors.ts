import { CODE_MESSAGES_EN } from '@studio/contract/messages-en';
import type { errorsZhCN } from './zh-cn-errors.ts';

/** The business codes' messages in English: the contract's (`messages-en.ts`), shared with the server. */
export const errorsEnUS: typeof errorsZhCN = CODE_MESSAGES_EN;
