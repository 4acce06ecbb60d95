import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { extractInviteCode } from './invite-code.ts';
import { useJoinTeam } from './use-join-team.ts';

interface Values {
  code: string;
}

/** 加入已有团队: a team code or a pasted invite link (its `invite` parameter is what is sent). */
export const JoinTeamCard = () => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { join, busy } = useJoinTeam();

  const finish = async ({ code }: Values) => {
    const inviteCode = extractInviteCode(code);
    if (inviteCode && (await join(inviteCode)) === 'pending') form.resetFields();
  };

  return (
    <Card size="small" title={<h2 style={{ fontSize: 15, margin: 0 }}>{t('teamCentre.join.title')}</h2>}>
      <Typography.Paragraph type="secondary">{t('teamCentre.join.desc')}</Typography.Paragraph>
      <Form form={form} name="join-team" onFinish={(v) => void finish(v)} requiredMark={false}>
        <Form.Item label={t('teamCentre.join.label')} required style={{ marginBottom: 0 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              validateTrigger="onBlur"
              rules={[
                {
                  validator: async (_rule, value: unknown) => {
                    if (!extractInviteCode(typeof value === 'string' ? value : '')) {
                      throw new Error(t('teamCentre.join.invalid'));
                    }
                  },
                },
              ]}
            >
              <Input
                aria-label={t('teamCentre.join.label')}
                placeholder={t('teamCentre.join.placeholder')}
                autoComplete="off"
                allowClear
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('teamCentre.join.submit')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Card>
  );
};
