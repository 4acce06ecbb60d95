import { Code } from '@studio/contract/constants';
import type { UserInfo } from '@studio/contract';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodRule } from '../../components/use-zod-rule.ts';
import { isApiError } from '../../lib/api-error.ts';
import { loadSchemas } from '../../lib/zod-rule.ts';
import { SmsCodeButton } from './sms-code-button.tsx';

const phoneSchema = () => loadSchemas().then((c) => c.smsLoginBody.shape.phone);
const codeSchema = () => loadSchemas().then((c) => c.smsLoginBody.shape.code);

/** Answers about the code itself (wrong or expired, locked by wrong tries): shown under the code field. */
const CODE_FIELD_ERRORS: ReadonlySet<number> = new Set([
  Code.SMS_CODE_WRONG,
  Code.SMS_CODE_LOCKED,
  Code.SMS_CODE_LOCKED_RESEND,
]);

interface Values {
  phone: string;
  code: string;
}

/** Phone + SMS code: the SMS login, and the phone binding of a new WeChat user. */
export const PhoneCodeForm = ({
  purpose,
  submitText,
  onSubmit,
  onDone,
}: {
  purpose: 'login' | 'bind';
  submitText: string;
  onSubmit: (values: Values) => Promise<UserInfo>;
  onDone: (user: UserInfo) => void;
}) => {
  const { t } = useTranslation();
  const rule = useZodRule();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const finish = async (values: Values) => {
    setBusy(true);
    try {
      onDone(await onSubmit(values));
    } catch (error) {
      // A wrong, expired or locked code belongs under the code field.
      if (isApiError(error) && CODE_FIELD_ERRORS.has(error.code)) {
        form.setFields([{ name: 'code', errors: [error.msg] }]);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name={`${purpose}-code`}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void finish(v)}
    >
      <Form.Item name="phone" label={t('auth.phone')} rules={[rule(phoneSchema, 'phone')]}>
        <Input
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder={t('auth.phonePlaceholder')}
        />
      </Form.Item>
      <Form.Item label={t('auth.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[rule(codeSchema, 'smsCode')]}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('auth.codePlaceholder')}
              aria-label={t('auth.code')}
            />
          </Form.Item>
          <SmsCodeButton form={form} purpose={purpose} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {submitText}
      </Button>
    </Form>
  );
};
