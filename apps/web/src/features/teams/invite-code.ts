/** A team code: six letters or digits (the server matches it without regard to case). */
const TEAM_CODE = /^[A-Za-z0-9]{6}$/;
/** What /team/user/invite/join accepts: a team code or a link token (base64url). */
const INVITE_CODE = /^[A-Za-z0-9_-]{4,64}$/;

export const isTeamCode = (code: string): boolean => TEAM_CODE.test(code);

const decode = (value: string): string | null => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

/**
 * The invite code in what the user typed or pasted: a team code, a link token, or a whole invite link
 * (`https://…/selectTeam?invite=<code>`, with or without the origin, even inside a longer message).
 * Null when there is nothing usable, so the form can say what it expects.
 */
export const extractInviteCode = (input: string): string | null => {
  const text = input.trim();
  if (!text) return null;
  const param = /[?&]invite=([^&#\s]*)/.exec(text);
  const code = param ? decode(param[1] ?? '') : text;
  return code !== null && INVITE_CODE.test(code.trim()) ? code.trim() : null;
};
