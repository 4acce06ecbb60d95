import { Code } from '@studio/contract/constants';
import { userPasswordBody } from '@studio/contract';
import { App, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodRule } from '../../components/use-zod-rule.ts';
import { isApiError } from '../../lib/api-error.ts';
import { patchStoredUser } from '../../lib/storage.ts';
import { changePassword } from './user-api.ts';

interface Values {
  oldPassword?: string;
  newPassword: string;
  confirm: string;
}

/** Change (or first set) the password; the old one is asked for only when one exists. */
export const PasswordForm = ({ hasPassword }: { hasPassword: boolean }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rule = useZodRule();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const finish = async ({ oldPassword, newPassword }: Values) => {
    setBusy(true);
    try {
      await changePassword(hasPassword ? { oldPassword, newPassword } : { newPassword });
      patchStoredUser({ hasPassword: true });
      form.resetFields();
      void message.success(t('personal.passwordSaved'));
    } catch (error) {
      if (isApiError(error) && error.code === Code.OLD_PASSWORD_WRONG) {
        form.setFields([{ name: 'oldPassword', errors: [error.msg] }]);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name="password-change"
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void finish(v)}
      style={{ maxWidth: 420 }}
    >
      {!hasPassword && (
        <Typography.Paragraph type="secondary">{t('personal.setPasswordDesc')}</Typography.Paragraph>
      )}
      {hasPassword && (
        <Form.Item
          name="oldPassword"
          label={t('personal.oldPassword')}
          rules={[{ required: true, message: t('validation.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item
        name="newPassword"
        label={t('personal.newPassword')}
        rules={[rule(userPasswordBody.shape.newPassword, 'password')]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('personal.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (!value || value !== getFieldValue('newPassword'))
                throw new Error(t('validation.confirmPassword'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {hasPassword ? t('personal.changePassword') : t('personal.setPassword')}
      </Button>
    </Form>
  );
};
