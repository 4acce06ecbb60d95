import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { passwordSchema, phoneSchema, roleSchema, smsCodeSchema } from './common.ts';

/**
 * What the user's role allows in the team (the server's policy, leaving out the expiry: while
 * `teamExpire` is true every write is refused, and the web shows those tools disabled).
 */
export const teamAbilitiesSchema = z.object({
  /** Sees the management tools: invitations, the team's store figures. */
  manage: z.boolean(),
  modify: z.boolean(),
  invite: z.boolean(),
  /** Invitations that make the newcomer ADMIN. */
  inviteAdmin: z.boolean(),
  /** False for the OWNER, who must transfer ownership first. */
  leave: z.boolean(),
  sales: z.boolean(),
  /** The team's coupons: create and stop them (OWNER/ADMIN). */
  coupons: z.boolean(),
  /** Who gets in: reset or turn off the team code, 加入需审批, revoke links, decide join requests. */
  access: z.boolean(),
});
export type TeamAbilities = z.infer<typeof teamAbilitiesSchema>;

export const lastTeamSchema = z.object({
  teamId: z.number().int(),
  teamCode: z.string(),
  teamName: z.string(),
  teamLogo: z.string(),
  expireDate: z.number().nullable(),
  teamExpire: z.boolean(),
  userTeamRole: roleSchema,
  abilities: teamAbilitiesSchema,
});
export type LastTeam = z.infer<typeof lastTeamSchema>;

export const userInfoSchema = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  headImage: z.string(),
  phone: z.string(),
  createTime: z.number(),
  register: z.boolean(),
  token: z.string(),
  tokenExpTime: z.number(),
  lastTeam: lastTeamSchema.nullable(),
  hasPassword: z.boolean(),
  /** Only on the answer that created the account (SMS sign-up): greet as new, not 欢迎回来. */
  newUser: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const smsSendBody = z.object({ phone: phoneSchema, purpose: z.enum(['login', 'bind']) });
export const smsLoginBody = z.object({ phone: phoneSchema, code: smsCodeSchema });
export type SmsLogin = z.infer<typeof smsLoginBody>;
export const passwordLoginBody = z.object({
  phone: phoneSchema,
  password: z.string().min(1, { error: '请输入密码' }).max(LIMITS.passwordMax),
});
export type PasswordLogin = z.infer<typeof passwordLoginBody>;
export const wechatQrData = z.object({
  state: z.string(),
  qrUrl: z.string(),
  mode: z.enum(['simulator', 'open']),
});
export type WechatQr = z.infer<typeof wechatQrData>;
export const wechatCallbackBody = z.object({
  code: z.string().min(1).max(512),
  state: z.string().min(1).max(128),
});
export type WechatCallback = z.infer<typeof wechatCallbackBody>;
/** A QR login as the page showing the QR code follows it (the simulator; WeChat's own page redirects). */
export const wechatStatusQuery = z.object({ state: z.string().min(1).max(128) });
export const WECHAT_LOGIN_STATES = ['waiting', 'confirmed', 'expired'] as const;
export const wechatStatusData = z.object({
  /** waiting: not confirmed on the phone yet; confirmed: `code` finishes the login at /wxAuth; expired: used, unknown or too old. */
  status: z.enum(WECHAT_LOGIN_STATES),
  code: z.string().nullable(),
});
export type WechatStatus = z.infer<typeof wechatStatusData>;
export const wechatBindBody = smsLoginBody;
/** A 公众号 authorisation to start: the browser goes to `authorizeUrl` (WeChat's, or the simulator's). */
export const mpAuthorizeData = z.object({
  state: z.string(),
  authorizeUrl: z.string(),
  mode: z.enum(['simulator', 'mp']),
});
export type MpAuthorize = z.infer<typeof mpAuthorizeData>;
/** `next`: where to go afterwards, a path of this site (`/store/…`); anything else is refused (10036). */
export const mpBaseBody = z.object({ next: z.string().min(1).max(500) });
export const mpCallbackBody = wechatCallbackBody;
export const mpBaseResult = z.object({ next: z.string() });
export type MpBaseResult = z.infer<typeof mpBaseResult>;
/** The page asking for its share card (JSSDK wx.config): its own address, on this site. */
export const jsConfigQuery = z.object({ url: z.string().min(1).max(2000) });
/** wx.config's parameters: signature = sha1("jsapi_ticket=…&noncestr=…&timestamp=…&url=…"). */
export const jsConfigData = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
  mode: z.enum(['simulator', 'mp']),
});
export type JsConfig = z.infer<typeof jsConfigData>;

const nickNameSchema = z
  .string()
  .trim()
  .min(1, { error: '昵称不能为空' })
  .max(LIMITS.nickNameMax, { error: `昵称最多 ${LIMITS.nickNameMax} 个字` });

export const userModifyBody = z
  .object({ nickName: nickNameSchema.optional(), headImage: z.string().max(1024).optional() })
  .refine((b) => b.nickName !== undefined || b.headImage !== undefined, { error: '没有要修改的内容' });
export type UserModify = z.infer<typeof userModifyBody>;
export const userPasswordBody = z.object({
  oldPassword: z.string().max(LIMITS.passwordMax).optional(),
  newPassword: passwordSchema,
});
export type UserPassword = z.infer<typeof userPasswordBody>;

export const uploadData = z.object({ url: z.string(), key: z.string(), size: z.number().int() });
export type UploadResult = z.infer<typeof uploadData>;
