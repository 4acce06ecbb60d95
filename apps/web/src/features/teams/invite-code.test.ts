import { describe, expect, it } from 'vitest';
import { noTeamPath } from '../auth/auth-api.ts';
import { extractInviteCode, isTeamCode } from './invite-code.ts';

describe('extractInviteCode', () => {
  it('takes a team code or a link token as typed, trimmed', () => {
    expect(extractInviteCode(' DEMO88 ')).toBe('DEMO88');
    expect(extractInviteCode('33XeF1YJPjQN1SfL')).toBe('33XeF1YJPjQN1SfL');
    expect(extractInviteCode('a-b_c1234')).toBe('a-b_c1234');
  });

  it('takes the invite parameter of a pasted link, with or without the origin', () => {
    expect(extractInviteCode('https://studio.example/selectTeam?invite=tok_123-ab')).toBe('tok_123-ab');
    expect(extractInviteCode('http://127.0.0.1:3100/selectTeam?x=1&invite=ABCDEF#top')).toBe('ABCDEF');
    expect(extractInviteCode('/selectTeam?invite=tok%2D1234')).toBe('tok-1234');
    expect(extractInviteCode('studio.example/selectTeam?invite=abcd1234')).toBe('abcd1234');
  });

  it('finds the link inside a longer pasted message', () => {
    expect(extractInviteCode('来加入我的团队：https://s.example/selectTeam?invite=Zz09_-xy 快点')).toBe(
      'Zz09_-xy',
    );
  });

  it('refuses what the server could not take', () => {
    expect(extractInviteCode('')).toBeNull();
    expect(extractInviteCode('   ')).toBeNull();
    expect(extractInviteCode('abc')).toBeNull();
    expect(extractInviteCode('团队码')).toBeNull();
    expect(extractInviteCode('https://s.example/selectTeam')).toBeNull();
    expect(extractInviteCode('https://s.example/selectTeam?invite=')).toBeNull();
    expect(extractInviteCode('/selectTeam?invite=%E0%A4%A')).toBeNull();
    expect(extractInviteCode('x'.repeat(65))).toBeNull();
  });

  it('tells a team code from a link token', () => {
    expect(isTeamCode('DEMO88')).toBe(true);
    expect(isTeamCode('demo88')).toBe(true);
    expect(isTeamCode('33XeF1YJPjQN1SfL')).toBe(false);
  });
});

describe('noTeamPath (after login, without a current team)', () => {
  it('keeps an invite link and the team pages, sends everything else to /selectTeam', () => {
    expect(noTeamPath('/selectTeam?invite=abc123')).toBe('/selectTeam?invite=abc123');
    expect(noTeamPath('/creatTeam')).toBe('/creatTeam');
    expect(noTeamPath('/author')).toBe('/selectTeam');
    expect(noTeamPath('/selectTeamX')).toBe('/selectTeam');
    expect(noTeamPath('//evil.example/selectTeam?invite=a')).toBe('/selectTeam');
    expect(noTeamPath(null)).toBe('/selectTeam');
  });

  it('keeps the storefront a visitor logged in from (its list and buy pages need no team)', () => {
    expect(noTeamPath('/store/list?q=python')).toBe('/store/list?q=python');
    expect(noTeamPath('/store/preview/11')).toBe('/store/preview/11');
    expect(noTeamPath('/store/cart')).toBe('/selectTeam');
    expect(noTeamPath('/store/preview/11x')).toBe('/selectTeam');
  });
});
