import { Alert } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';
import { useSession } from '../../lib/session-store.ts';

/** 团队已过期，只能查看，不能修改: shown while the current team is expired (read-only). */
export const ExpiredTeamAlert = ({ style }: { style?: CSSProperties }) => {
  const { t } = useTranslation();
  const team = useSession((s) => s.user?.lastTeam ?? null);
  if (!team?.teamExpire) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={t('teamCentre.expiredTitle')}
      description={t('teamCentre.expiredDesc', {
        name: team.teamName,
        date: team.expireDate === null ? '' : formatDate(team.expireDate),
      })}
      style={style}
    />
  );
};
