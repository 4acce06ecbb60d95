import { ArrowLeftOutlined } from '@ant-design/icons';
import { teamCreateBody } from '@studio/contract';
import { App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { ImageUpload } from '../../components/image-upload.tsx';
import { TeamAvatar } from '../../components/team-avatar.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useZodRule } from '../../components/use-zod-rule.ts';
import { JoinTeamCard } from './join-team-card.tsx';
import { createTeam } from './team-store.ts';

interface Values {
  teamName: string;
}

/** /creatTeam (spelt as the seed has it): name + optional logo; the new team becomes current. */
export const CreateTeamPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const rule = useZodRule();
  const [form] = Form.useForm<Values>();
  const [logo, setLogo] = useState('');
  const [busy, setBusy] = useState(false);
  const name: string | undefined = Form.useWatch('teamName', form);
  useDocumentTitle(t('team.createTitle'));

  const finish = async ({ teamName }: Values) => {
    setBusy(true);
    try {
      const team = await createTeam({ teamName: teamName.trim(), ...(logo ? { teamLogo: logo } : {}) });
      void message.success(t('team.created', { name: team.teamName }));
      void navigate(WebPaths.author);
    } catch {
      // Shown by the request client (a 400 names the field).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560, margin: '0 auto' }}>
      <Link to={WebPaths.selectTeam}>
        <ArrowLeftOutlined /> {t('team.backToSelect')}
      </Link>
      <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('team.createTitle')}</h1>}>
        <Typography.Paragraph type="secondary">{t('team.createDesc')}</Typography.Paragraph>
        <Form
          form={form}
          name="create-team"
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => void finish(v)}
        >
          <Form.Item
            name="teamName"
            label={t('team.name')}
            rules={[rule(teamCreateBody.shape.teamName, 'teamName')]}
          >
            <Input maxLength={30} showCount placeholder={t('team.namePlaceholder')} />
          </Form.Item>
          <Form.Item label={t('team.logo')}>
            <Flex align="center" gap={16} wrap>
              <TeamAvatar name={name || '?'} logo={logo} size={64} />
              <ImageUpload kind="logo" label={t('team.uploadLogo')} onUploaded={(r) => setLogo(r.url)} />
              {logo && (
                <Button type="link" onClick={() => setLogo('')}>
                  {t('team.removeLogo')}
                </Button>
              )}
            </Flex>
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            {t('team.create')}
          </Button>
        </Form>
      </Card>
      <JoinTeamCard />
    </Flex>
  );
};
