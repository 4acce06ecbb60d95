import { Code } from '@studio/contract/constants';
import type { UserInfo } from '@studio/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodRule } from '../../components/use-zod-rule.ts';
import { isApiError } from '../../lib/api-error.ts';
import { errorText } from '../../lib/error-text.ts';
import { loadSchemas } from '../../lib/zod-rule.ts';
import { loginByPassword } from './auth-api.ts';

const phoneSchema = () => loadSchemas().then((c) => c.passwordLoginBody.shape.phone);
const passwordSchema = () => loadSchemas().then((c) => c.passwordLoginBody.shape.password);

/** Answers said under the password field: wrong, the last try's warning, locked (with its time). */
const PASSWORD_FIELD_CODES = new Set<number>([
  Code.LOGIN_WRONG,
  Code.LOGIN_WRONG_LAST_TRY,
  Code.LOGIN_LOCKED,
  Code.TOO_MANY_TRIES,
]);

interface Values {
  phone: string;
  password: string;
}

export const PasswordLoginForm = ({ onDone }: { onDone: (user: UserInfo) => void }) => {
  const { t } = useTranslation();
  const rule = useZodRule();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const finish = async (values: Values) => {
    setBusy(true);
    try {
      onDone(await loginByPassword(values));
    } catch (error) {
      if (isApiError(error) && PASSWORD_FIELD_CODES.has(error.code)) {
        // In the interface language, with the tries left or the time the lock still runs.
        form.setFields([{ name: 'password', errors: [errorText(error.code, error.msg, error.data)] }]);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name="password-login"
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
      <Form.Item
        name="password"
        label={t('auth.password')}
        rules={[rule(passwordSchema, 'passwordRequired')]}
      >
        <Input.Password autoComplete="current-password" placeholder={t('auth.passwordPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {t('auth.login')}
      </Button>
    </Form>
  );
};
