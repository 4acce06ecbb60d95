/** Where the user's language choice is kept (survives reloads; logout clears it, which is accepted). */
export const LANG_STORAGE_KEY = 'lang';
