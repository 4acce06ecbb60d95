/** The AI provider (an OpenAI-compatible API), its pace, budget and translation languages; part of config.ts's schema. */
import { z } from 'zod';
import { languageTagSchema } from '@studio/contract';
import { AI_COST_ENV } from './config-ai-cost.ts';
import { optionalUrl, type ConfigRules } from './config-common.ts';

export const AI_ENV = {
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_STALL_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  AI_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(3),
  ...AI_COST_ENV,
  /**
   * Languages a course may be translated into besides zh-CN and en-US: the provider's, comma-separated
   * BCP-47 tags ("ja-JP,fr-FR,zh-TW").
   */
  AI_TRANSLATE_LANGUAGES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .pipe(z.array(languageTagSchema).max(50)),
};

export const aiRules: ConfigRules<z.infer<z.ZodObject<typeof AI_ENV>>> = (env, { need }) => {
  need(Boolean(env.AI_BASE_URL), ['AI_MODEL'], 'AI_BASE_URL is set');
};
