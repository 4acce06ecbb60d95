import { BRAND_COLOR } from '@studio/contract/constants';
import { Avatar } from 'antd';
import { avatarUrl } from './picture.tsx';

/** A team's logo, or the first character of its name on the brand colour when there is none. */
export const TeamAvatar = ({ name, logo, size = 32 }: { name: string; logo?: string; size?: number }) =>
  logo ? (
    <Avatar src={avatarUrl(logo)} alt="" size={size} shape="square" />
  ) : (
    <Avatar size={size} shape="square" style={{ background: BRAND_COLOR }} aria-hidden>
      {Array.from(name.trim())[0] ?? '?'}
    </Avatar>
  );
