import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Messages } from '../lib/i18n/zh-cn.ts';
import { zodRule, type SchemaSource } from '../lib/zod-rule.ts';

type ValidationKey = keyof Messages['validation'];

/**
 * Form rules from the contract's schemas. In Chinese the schema's own message is shown (it is the
 * server's, and the most precise); other languages get the translated summary of the rule.
 */
export const useZodRule = (): ((schema: SchemaSource, key: ValidationKey) => FormRule) => {
  const { t, i18n } = useTranslation();
  return (schema, key) => zodRule(schema, i18n.language === 'zh-CN' ? undefined : t(`validation.${key}`));
};
