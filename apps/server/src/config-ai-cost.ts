/** The AI budget and prices (modules/ai/cost/ ai.usage.ts, ai.estimate.ts), part of config-ai.ts's variables. */
import { z } from 'zod';

export const AI_COST_ENV = {
  /** Tokens (input + output) a team may use a month with the AI provider; 0 (the default) is unlimited. */
  AI_TEAM_MONTHLY_TOKENS: z.coerce.number().int().min(0).max(1e12).default(0),
  /**
   * The provider's price in fen (分, integers like the store's prices) per million input / output
   * tokens, for the money shown beside an estimate; unset, estimates say tokens only.
   */
  AI_PRICE_PER_MILLION_INPUT_TOKENS: z.coerce.number().int().min(0).max(1e9).optional(),
  AI_PRICE_PER_MILLION_OUTPUT_TOKENS: z.coerce.number().int().min(0).max(1e9).optional(),
};
