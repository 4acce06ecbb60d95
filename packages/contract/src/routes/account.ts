/** API paths (`Routes`, ../routes.ts) of sign-in (SMS, password, WeChat), the account and teams. */

export const authRoutes = {
  smsSend: '/auth/sms/send',
  loginSms: '/auth/login/sms',
  loginPassword: '/auth/login/password',
  wechatQr: '/auth/wechat/qr',
  wechatCallback: '/auth/wechat/callback',
  wechatBind: '/auth/wechat/bind',
  wechatSimulator: '/auth/wechat/simulator',
  wechatSimulatorConfirm: '/auth/wechat/simulator/confirm',
  /** The desktop's page asks whether its QR code was confirmed on the phone (the simulator's flow). */
  wechatStatus: '/auth/wechat/status',
  /** The simulated phone's screen after confirming: 已在电脑上登录 once the desktop has logged in. */
  wechatSimulatorDone: '/auth/wechat/simulator/done',
  /** 公众号 网页授权 (inside WeChat): start a login (snsapi_userinfo); the state is bound to this browser. */
  mpLogin: '/auth/wechat/mp/login',
  /** Finish it with the code and state WeChat returned to /wxAuth. */
  mpLoginCallback: '/auth/wechat/mp/login/callback',
  /** A logged-in user: the silent snsapi_base URL that records their 公众号 openid, then goes to `next`. */
  mpBase: '/auth/wechat/mp/base',
  mpBaseCallback: '/auth/wechat/mp/base/callback',
  /** The 公众号 simulator's authorisation screen (WECHAT_MP_MODE=simulator). */
  mpSimulator: '/auth/wechat/mp/simulator',
  mpSimulatorConfirm: '/auth/wechat/mp/simulator/confirm',
  /** The JSSDK's wx.config for a page of this site (share cards inside WeChat). */
  mpJsConfig: '/auth/wechat/mp/js-config',
  logout: '/auth/logout',
} as const;

export const userRoutes = {
  info: '/user/info',
  modify: '/user/modify',
  password: '/user/password',
} as const;

export const teamRoutes = {
  changeList: '/team/change/list',
  currentList: '/team/current/list',
  create: '/team/create',
  modify: '/team/modify',
  change: '/team/change',
  ownerChange: '/team/owner/change',
  lastJoin: '/team/last/join',
  userList: '/team/user/list',
  userRemove: '/team/user/remove',
  userLeave: '/team/user/leave',
  userSearchNon: '/team/user/search/non',
  userInviteJoin: '/team/user/invite/join',
  userSearch: '/team/user/search',
  userRole: '/team/user/role',
  inviteCreate: '/team/invite/create',
  inviteInfo: '/team/invite/info',
  inviteList: '/team/invite/list',
  inviteRevoke: '/team/invite/revoke',
  codeReset: '/team/code/reset',
  accessModify: '/team/access/modify',
  joinRequestList: '/team/join/request/list',
  joinRequestMine: '/team/join/request/mine',
  joinRequestApprove: '/team/join/request/approve',
  joinRequestDecline: '/team/join/request/decline',
  invitationList: '/team/invitation/list',
  invitationAccept: '/team/invitation/accept',
  invitationDecline: '/team/invitation/decline',
  invitationTeamList: '/team/invitation/team/list',
  invitationCancel: '/team/invitation/cancel',
} as const;
