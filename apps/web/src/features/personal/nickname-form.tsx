import { userModifyBody } from '@studio/contract';
import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodRule } from '../../components/use-zod-rule.ts';
import { modifyUser } from './user-api.ts';

const nickNameSchema = userModifyBody.shape.nickName.unwrap();

export const NicknameForm = ({ nickName }: { nickName: string }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rule = useZodRule();
  const [form] = Form.useForm<{ nickName: string }>();
  const [busy, setBusy] = useState(false);
  const value: string | undefined = Form.useWatch('nickName', form);

  const finish = async (values: { nickName: string }) => {
    setBusy(true);
    try {
      await modifyUser({ nickName: values.nickName.trim() });
      void message.success(t('personal.nickNameSaved'));
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name="nickname"
      initialValues={{ nickName }}
      onFinish={(v) => void finish(v)}
      style={{ maxWidth: 420 }}
    >
      <Form.Item label={t('personal.nickName')} required style={{ marginBottom: 0 }}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="nickName" noStyle rules={[rule(nickNameSchema, 'nickName')]}>
            <Input maxLength={20} aria-label={t('personal.nickName')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} disabled={value?.trim() === nickName}>
            {t('common.save')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </Form>
  );
};
