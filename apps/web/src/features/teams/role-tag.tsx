import type { TeamRole } from '@studio/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TeamRole, string> = { OWNER: 'gold', ADMIN: 'blue', MEMBER: 'default' };

/** 所有者 / 管理员 / 成员. */
export const RoleTag = ({ role }: { role: TeamRole }) => {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[role]} style={{ marginInlineEnd: 0 }}>
      {t(`team.role.${role}`)}
    </Tag>
  );
};
