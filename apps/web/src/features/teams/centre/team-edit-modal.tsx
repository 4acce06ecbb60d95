import type { CurrentTeam } from '@studio/contract';
import { teamCreateBody } from '@studio/contract';
import { App, Button, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { TeamAvatar } from '../../../components/team-avatar.tsx';
import { useZodRule } from '../../../components/use-zod-rule.ts';
import { modifyTeam } from '../team-api.ts';

interface Values {
  teamName: string;
}

/** Edits the current team's name and logo (POST /team/modify); OWNER and ADMIN only. */
export const TeamEditModal = ({ team, onClose }: { team: CurrentTeam; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rule = useZodRule();
  const [form] = Form.useForm<Values>();
  const [logo, setLogo] = useState(team.teamLogo);
  const [busy, setBusy] = useState(false);
  const name: string | undefined = Form.useWatch('teamName', form);

  const finish = async ({ teamName }: Values) => {
    setBusy(true);
    try {
      await modifyTeam({ teamName: teamName.trim(), teamLogo: logo });
      void message.success(t('teamCentre.saved'));
      onClose();
    } catch {
      // Shown by the request client (a 400 names the field, 542 says the team expired).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('teamCentre.editTitle')}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: busy, form: 'team-edit' }}
      destroyOnHidden
    >
      <Form
        form={form}
        id="team-edit"
        name="team-edit"
        layout="vertical"
        requiredMark={false}
        initialValues={{ teamName: team.teamName }}
        onFinish={(v) => void finish(v)}
      >
        <Form.Item
          name="teamName"
          label={t('team.name')}
          rules={[rule(teamCreateBody.shape.teamName, 'teamName')]}
        >
          <Input maxLength={30} showCount />
        </Form.Item>
        <Form.Item label={t('team.logo')}>
          <Flex align="center" gap={16} wrap>
            <TeamAvatar name={name || team.teamName} logo={logo} size={64} />
            <ImageUpload kind="logo" label={t('team.uploadLogo')} onUploaded={(r) => setLogo(r.url)} />
            {logo && (
              <Button type="link" onClick={() => setLogo('')}>
                {t('team.removeLogo')}
              </Button>
            )}
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
};
