import type { CodeEntry } from './entry.ts';

export const TEAM = {
  TEAM_NOT_FOUND: { code: 20001, key: 'errors.teamNotFound', zh: '团队不存在' },
  OWNER_MUST_TRANSFER: { code: 20002, key: 'errors.ownerMustTransfer', zh: '请先转让团队所有权再退出' },
  CANNOT_REMOVE_OWNER: { code: 20003, key: 'errors.cannotRemoveOwner', zh: '不能移除团队所有者' },
  INVITE_INVALID: { code: 20004, key: 'errors.inviteInvalid', zh: '邀请链接已过期或已用完' },
  /** Removing oneself instead of leaving (HTTP 400). */
  CANNOT_REMOVE_SELF: {
    code: 20005,
    key: 'errors.cannotRemoveSelf',
    zh: '不能移除自己，请使用退出团队',
    httpStatus: 400,
  },
  CANNOT_CHANGE_OWN_ROLE: { code: 20006, key: 'errors.cannotChangeOwnRole', zh: '不能修改自己的角色' },
  CANNOT_CHANGE_OWNER_ROLE: { code: 20007, key: 'errors.cannotChangeOwnerRole', zh: '不能修改所有者的角色' },
  /** Handing ownership to oneself (HTTP 400). */
  ALREADY_OWNER: { code: 20008, key: 'errors.alreadyOwner', zh: '你已经是所有者', httpStatus: 400 },
  /** An invitation that is gone, answered, or not the asker's (never says which). */
  INVITATION_NOT_FOUND: { code: 20009, key: 'errors.invitationNotFound', zh: '邀请不存在或已处理' },
  ALREADY_MEMBER: { code: 20014, key: 'errors.alreadyMember', zh: '你已经是该团队成员' },
  // Team access (200 2x): the team code turned off, join requests, invite links.
  TEAM_CODE_DISABLED: {
    code: 20020,
    key: 'errors.teamCodeDisabled',
    zh: '该团队已停用团队码，请向团队管理员索取邀请链接',
  },
  /** A join request that is gone, answered, or of another team (never says which). */
  JOIN_REQUEST_NOT_FOUND: { code: 20021, key: 'errors.joinRequestNotFound', zh: '加入申请不存在或已处理' },
  /** An invite link that is not the team's (or does not exist). */
  INVITE_LINK_NOT_FOUND: { code: 20022, key: 'errors.inviteLinkNotFound', zh: '邀请链接不存在' },
} as const satisfies Record<string, CodeEntry>;
