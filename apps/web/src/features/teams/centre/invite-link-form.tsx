import { LinkOutlined } from '@ant-design/icons';
import type { InviteCreated } from '@studio/contract';
import { App, Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { INVITE_DEFAULTS } from '@studio/contract/constants';
import { queryClient } from '../../../lib/query-client.ts';
import { createInvite } from '../team-api.ts';
import { NumberInput } from '../../../components/number-input.tsx';

interface Values {
  role: 'ADMIN' | 'MEMBER';
  expireHours: number;
  maxUses: number;
}

/**
 * Creates an invite link (POST /team/invite/create; one use for 24 hours unless changed) and shows it
 * with a copy button, its expiry and uses; the team's list of links below is read again.
 */
export const InviteLinkForm = ({
  canInvite,
  canInviteAdmin,
}: {
  canInvite: boolean;
  /** An ADMIN link hands out a role: the OWNER's (the server's `inviteAdmin` ability). */
  canInviteAdmin: boolean;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<(InviteCreated & { maxUses: number }) | null>(null);

  const finish = async ({ role, expireHours, maxUses }: Values) => {
    setBusy(true);
    try {
      setCreated({ ...(await createInvite({ role, expireHours, maxUses })), maxUses });
      void message.success(t('teamCentre.invite.created'));
      await queryClient.invalidateQueries({ queryKey: ['team'] });
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Form
        form={form}
        name="invite-link"
        layout="inline"
        requiredMark={false}
        initialValues={{ role: 'MEMBER', ...INVITE_DEFAULTS }}
        disabled={!canInvite}
        onFinish={(v) => void finish(v)}
        style={{ rowGap: 12 }}
      >
        <Form.Item name="role" label={t('teamCentre.invite.role')}>
          <Select
            style={{ width: 120 }}
            options={[
              { value: 'MEMBER', label: t('team.role.MEMBER') },
              {
                value: 'ADMIN',
                label: t('team.role.ADMIN'),
                disabled: !canInviteAdmin,
                title: canInviteAdmin ? undefined : t('teamCentre.invite.adminOwnerOnly'),
              },
            ]}
          />
        </Form.Item>
        <Form.Item name="expireHours" label={t('teamCentre.invite.expireHours')} rules={[{ required: true }]}>
          <NumberInput min={1} max={720} precision={0} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="maxUses" label={t('teamCentre.invite.maxUses')} rules={[{ required: true }]}>
          <NumberInput min={1} max={1000} precision={0} style={{ width: 100 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<LinkOutlined aria-hidden />} loading={busy}>
          {t('teamCentre.invite.create')}
        </Button>
      </Form>
      {created && (
        <div>
          <Input
            readOnly
            value={created.url}
            aria-label={t('teamCentre.invite.url')}
            onFocus={(e) => e.target.select()}
            style={{ maxWidth: 640 }}
            addonAfter={
              <Typography.Text
                copyable={{
                  text: created.url,
                  tooltips: [t('teamCentre.invite.copyUrl'), t('teamCentre.copied')],
                }}
              />
            }
          />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('teamCentre.invite.expiresAt', { time: formatDateTime(created.expireTime) })}
            {' · '}
            {t('teamCentre.invite.uses', { count: created.maxUses })}
            {' · '}
            {t('teamCentre.invite.linkHint')}
          </Typography.Paragraph>
        </div>
      )}
    </Flex>
  );
};
