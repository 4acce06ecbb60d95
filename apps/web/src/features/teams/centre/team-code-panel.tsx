import { ReloadOutlined } from '@ant-design/icons';
import type { CurrentTeam } from '@studio/contract';
import { App, Button, Flex, Popconfirm, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modifyTeamAccess, resetTeamCode } from '../access-api.ts';

/**
 * 团队码: the code to share, 重置团队码 (the old one stops working), 启用团队码 and 加入需审批 (a join
 * by code then waits for an OWNER/ADMIN). `canChange` is the server's `access` ability while the
 * team is writable.
 */
export const TeamCodePanel = ({ team, canChange }: { team: CurrentTeam; canChange: boolean }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<'reset' | 'code' | 'approval' | null>(null);

  const run = async (which: 'reset' | 'code' | 'approval', call: () => Promise<unknown>, done: string) => {
    setBusy(which);
    try {
      await call();
      void message.success(done);
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Typography.Text
          code
          strong
          delete={!team.codeEnabled}
          style={{ fontSize: 24, letterSpacing: 4 }}
          copyable={
            team.codeEnabled
              ? { text: team.teamCode, tooltips: [t('teamCentre.copyCode'), t('teamCentre.copied')] }
              : false
          }
        >
          {team.teamCode}
        </Typography.Text>
        {!team.codeEnabled && <Tag>{t('teamCentre.access.codeOff')}</Tag>}
        <Popconfirm
          title={t('teamCentre.access.resetConfirm')}
          okText={t('teamCentre.access.reset')}
          onConfirm={() => void run('reset', resetTeamCode, t('teamCentre.access.resetDone'))}
        >
          <Button icon={<ReloadOutlined aria-hidden />} disabled={!canChange} loading={busy === 'reset'}>
            {t('teamCentre.access.reset')}
          </Button>
        </Popconfirm>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {team.codeEnabled
          ? team.joinApproval
            ? t('teamCentre.access.hintApproval')
            : t('teamCentre.invite.codeHint')
          : t('teamCentre.access.hintOff')}
      </Typography.Paragraph>
      <Flex vertical gap={12}>
        <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Switch
            checked={team.codeEnabled}
            disabled={!canChange}
            loading={busy === 'code'}
            onChange={(on) =>
              void run(
                'code',
                () => modifyTeamAccess({ codeEnabled: on }),
                t(on ? 'teamCentre.access.codeOnDone' : 'teamCentre.access.codeOffDone'),
              )
            }
          />
          {t('teamCentre.access.codeEnabled')}
        </label>
        <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Switch
            checked={team.joinApproval}
            disabled={!canChange}
            loading={busy === 'approval'}
            onChange={(on) =>
              void run(
                'approval',
                () => modifyTeamAccess({ joinApproval: on }),
                t(on ? 'teamCentre.access.approvalOnDone' : 'teamCentre.access.approvalOffDone'),
              )
            }
          />
          {t('teamCentre.access.approval')}
        </label>
      </Flex>
    </Flex>
  );
};
