/** The sessionStorage key the WeChat `state` is kept under while the user is away scanning. */
export const WECHAT_STATE_KEY = 'wechatLoginState';
/** The page asked for before a WeChat login, kept while the user is away scanning. */
export const WECHAT_REDIRECT_KEY = 'wechatLoginRedirect';
