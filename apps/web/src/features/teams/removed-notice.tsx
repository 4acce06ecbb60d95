import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchRemovedFrom, invitationKeys } from './invitations-api.ts';

const DISMISSED_KEY = 'removedTeamNoticeDismissed';

/**
 * /selectTeam without a current team: when the server says the user was removed from their last team
 * (a 541 naming it), tell them which one. Closing it hides it for this tab's session.
 */
export const RemovedNotice = () => {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY));
  const removed = useQuery({ queryKey: invitationKeys.removedFrom, queryFn: fetchRemovedFrom, staleTime: 0 });
  const team = removed.data;
  if (!team || dismissed === String(team.teamId)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      closable
      role="alert"
      title={t('teamCentre.invitations.removedFrom', { name: team.teamName })}
      description={t('teamCentre.invitations.removedDesc')}
      style={{ marginBottom: 16 }}
      onClose={() => {
        sessionStorage.setItem(DISMISSED_KEY, String(team.teamId));
        setDismissed(String(team.teamId));
      }}
    />
  );
};
