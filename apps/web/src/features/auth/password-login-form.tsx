import { Code } from '@studio/contract/constants';
import type { UserInfo } from '@studio/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodRule } from '../../components/use-zod-rule.ts';
import { isApiError } from '../../lib/api-error.ts';
import { loadSchemas } from '../../lib/zod-rule.ts';
import { loginByPassword } from './auth-api.ts';

const phoneSchema = () => loadSchemas().then((c) => c.passwordLoginBody.shape.phone);
const passwordSchema = () => loadSchemas().then((c) => c.passwordLoginBody.shape.password);

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
      if (isApiError(error) && (error.code === Code.LOGIN_WRONG || error.code === Code.TOO_MANY_TRIES)) {
        form.setFields([{ name: 'password', errors: [error.msg] }]);
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
