import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { joinTeam } from './team-api.ts';

/** Joins by team code or link token, says how it went, and enters the team at /author. */
export const useJoinTeam = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const join = async (inviteCode: string): Promise<boolean> => {
    setBusy(true);
    try {
      const { team, already } = await joinTeam(inviteCode);
      const key = already ? 'teamCentre.join.alreadyMember' : 'teamCentre.join.joined';
      void message.success(t(key, { name: team.teamName }));
      void navigate(WebPaths.author, { replace: true });
      return true;
    } catch {
      // The request client has shown why (20004 link used up, 20001 no such team, 542 expired).
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { join, busy };
};
