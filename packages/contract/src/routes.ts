/** Every API path, relative to API_BASE (`/api`). The web client and the server both use these. */
export const Routes = {
  health: '/health',
  ready: '/ready',
  openapi: '/openapi.json',
  auth: {
    smsSend: '/auth/sms/send',
    loginSms: '/auth/login/sms',
    loginPassword: '/auth/login/password',
    wechatQr: '/auth/wechat/qr',
    wechatCallback: '/auth/wechat/callback',
    wechatBind: '/auth/wechat/bind',
    wechatSimulator: '/auth/wechat/simulator',
    wechatSimulatorConfirm: '/auth/wechat/simulator/confirm',
    logout: '/auth/logout',
  },
  user: {
    info: '/user/info',
    modify: '/user/modify',
    password: '/user/password',
  },
  file: {
    upload: '/file/upload',
    get: '/files',
  },
  team: {
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
  },
} as const;

/** Web paths the server builds links to (invite links land here). */
export const WebPaths = {
  login: '/login',
  selectTeam: '/selectTeam',
  joinTeam: (inviteCode: string) => `/selectTeam?invite=${encodeURIComponent(inviteCode)}`,
} as const;
