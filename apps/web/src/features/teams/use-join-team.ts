import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { queryClient } from '../../lib/query-client.ts';
import { accessKeys } from './access-api.ts';
import { joinTeam } from './team-api.ts';

/**
 * Joins by team code or link token, says how it went, and enters the team at /author; a code whose
 * team asks for approval makes a request instead, shown on /selectTeam.
 */
export const useJoinTeam = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const join = async (inviteCode: string): Promise<'joined' | 'pending' | null> => {
    setBusy(true);
    try {
      const joined = await joinTeam(inviteCode);
      if ('pending' in joined) {
        // 加入需审批: the request waits on /selectTeam, which lists it.
        void message.success(t('teamCentre.join.requested', { name: joined.pending.teamName }));
        await queryClient.invalidateQueries({ queryKey: accessKeys.mine });
        return 'pending';
      }
      const key = joined.already ? 'teamCentre.join.alreadyMember' : 'teamCentre.join.joined';
      void message.success(t(key, { name: joined.team.teamName }));
      void navigate(WebPaths.author, { replace: true });
      return 'joined';
    } catch {
      // The request client has shown why (20004 link used up, 20001 no such team, 20020 code off,
      // 542 expired).
      return null;
    } finally {
      setBusy(false);
    }
  };

  return { join, busy };
};
