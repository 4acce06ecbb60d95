/**
 * The auth module's face: the only file other modules import from modules/auth (eslint.config.js).
 * Collab checks that a socket's session still lives; the public pages draw the WeChat login QR.
 */
export { liveSessionIds } from './session.service.ts';
export { createWechatQr } from './wechat.service.ts';
