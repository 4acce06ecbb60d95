import type { CurrentTeam, TeamAbilities } from '@studio/contract';
import { Alert, Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTeamWritable } from '../current-team.ts';
import { AddMemberSearch } from './add-member-search.tsx';
import { InviteLinkForm } from './invite-link-form.tsx';

/** 邀请成员: a link (role, expiry, uses), the team code to share, or adding a registered user. */
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
            children: <InviteLinkForm canInvite={canInvite} canInviteAdmin={abilities.inviteAdmin} />,
          },
          {
            key: 'code',
            label: t('teamCentre.invite.tabCode'),
            children: (
              <div>
                <Typography.Text
                  code
                  strong
                  style={{ fontSize: 24, letterSpacing: 4 }}
                  copyable={{
                    text: team.teamCode,
                    tooltips: [t('teamCentre.copyCode'), t('teamCentre.copied')],
                  }}
                >
                  {team.teamCode}
                </Typography.Text>
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                  {t('teamCentre.invite.codeHint')}
                </Typography.Paragraph>
              </div>
            ),
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
