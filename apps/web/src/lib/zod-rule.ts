import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd form rule that validates with a contract schema, so the client checks exactly what the
 * server will. `message` replaces the schema's (Chinese) message, for other languages.
 */
export const zodRule = (schema: z.ZodType, message?: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(message ?? result.error.issues[0]?.message);
  },
});
