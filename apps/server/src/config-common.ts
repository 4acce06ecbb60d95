/** What the areas' parts of config.ts's schema share: value parsers, and how a cross-variable rule reports. */
import { z } from 'zod';

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
export const optionalUrl = z.url().optional();

/** An area's rules between its variables, run once every variable parsed (config.ts's superRefine). */
export type ConfigRules<E> = (env: E, report: ConfigReport<E>) => void;
export type ConfigReport<E> = {
  /** When `cond` holds, each of `vars` must be set: a missing one is named with `why`. */
  need: (cond: boolean, vars: (keyof E & string)[], why: string) => void;
  issue: (variable: keyof E & string, message: string) => void;
};

export function configReport<E extends object>(env: E, ctx: z.RefinementCtx): ConfigReport<E> {
  const issue = (variable: keyof E & string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message });
  return {
    need: (cond, vars, why) => {
      for (const v of vars) if (cond && !env[v]) issue(v, `required when ${why}`);
    },
    issue,
  };
}
