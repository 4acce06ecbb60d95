import type { CurrentTeam, TeamAbilities } from '@studio/contract';
import { Alert, Card, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTeamWritable } from '../../../lib/current-team.ts';
import { AddMemberSearch } from './add-member-search.tsx';
import { InviteLinkForm } from './invite-link-form.tsx';
import { InviteLinks } from './invite-links.tsx';
import { TeamCodePanel } from './team-code-panel.tsx';

/**
 * 邀请成员: a link (role, expiry, uses) and the team's links (revocable), the team code (reset, off,
 * 加入需审批), or adding a registered user.
 */
export const InvitePanel = ({ team, abilities }: { team: CurrentTeam; abilities: TeamAbilities }) => {
  const { t } = useTranslation();
  // The role may invite (the panel is for managers); an expired team is read-only.
  const writable = useTeamWritable();
  const canInvite = abilities.invite && writable;
  const readOnly = !canInvite && (
    <Alert type="warning" showIcon title={t('teamCentre.readOnly')} style={{ marginBottom: 16 }} />
  );
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('teamCentre.invite.title')}</h2>}>
      {readOnly}
      <Tabs
        items={[
          {
            key: 'link',
            label: t('teamCentre.invite.tabLink'),
            children: (
              <Flex vertical gap={16}>
                <InviteLinkForm canInvite={canInvite} canInviteAdmin={abilities.inviteAdmin} />
                <InviteLinks teamId={team.teamId} canRevoke={abilities.access && writable} />
              </Flex>
            ),
          },
          {
            key: 'code',
            label: t('teamCentre.invite.tabCode'),
            children: <TeamCodePanel team={team} canChange={abilities.access && writable} />,
          },
          {
            key: 'search',
            label: t('teamCentre.invite.tabSearch'),
            children: <AddMemberSearch teamId={team.teamId} disabled={!canInvite} />,
          },
        ]}
      />
    </Card>
  );
};
