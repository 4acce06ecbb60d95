import type { FormRule } from 'antd';
import type { z } from 'zod';

/** A schema, or how to load it: the login forms load zod and the schemas only when they validate. */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/**
 * An antd form rule that validates with a contract schema, so the client checks exactly what the
 * server will. `message` replaces the schema's (Chinese) message, for other languages.
 */
export const zodRule = (source: SchemaSource, message?: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const schema = typeof source === 'function' ? await source() : source;
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(message ?? result.error.issues[0]?.message);
  },
});

/**
 * The contract with its schemas, loaded on demand. Pages of the first load (login) use it instead of
 * a static import so zod stays out of their chunks until a field is checked.
 */
export const loadSchemas = () => import('@studio/contract');
