import { isWebPagePath, WebPaths } from '@studio/contract/constants';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

/** The route pattern a path lands on in the app's route table ('*' when only the 404 matches). */
const patternOf = (path: string): string => {
  const matches = matchRoutes(routes, path) ?? [];
  const parts = matches.map((m) => m.route.path).filter((p): p is string => !!p && p !== '/');
  return parts.length === 0 ? '' : `/${parts.join('/')}`;
};

describe('WebPaths: every page path is built in one place', () => {
  it('spells the seed paths exactly', () => {
    expect(WebPaths.createTeam).toBe('/creatTeam');
    expect(WebPaths.selectTeam).toBe('/selectTeam');
    expect(WebPaths.wxAuth).toBe('/wxAuth');
    expect(WebPaths.lesson(3, 9)).toBe('/create/course/3/Lesson/9');
    expect(WebPaths.lessonPreview(3, 9)).toBe('/create/course/3/lesson/9/preview');
    expect(WebPaths.lessonIframePreview(3, 9)).toBe('/create/course/3/lesson/9/iframe/preview');
    expect(WebPaths.courseBuyPreview(3)).toBe('/create/course/3/buy/preview');
    expect(WebPaths.storeIframePreview(3)).toBe('/store/course/3/iframe/preview');
    expect(WebPaths.wxPreview(3)).toBe('/wx-preview/3');
    expect(WebPaths.aiProgress(12)).toBe('/ai/progress?jobId=12');
  });

  it('encodes what goes into a query', () => {
    expect(WebPaths.loginBack('/store/list?q=零基础&page=2')).toBe(
      `/login?redirect=${encodeURIComponent('/store/list?q=零基础&page=2')}`,
    );
    expect(WebPaths.loginBack(null)).toBe('/login');
    expect(WebPaths.loadingBack('/author')).toBe('/loading?redirect=%2Fauthor');
    expect(WebPaths.loadingBack(null)).toBe('/loading');
    expect(WebPaths.joinTeam('a b&c')).toBe('/selectTeam?invite=a%20b%26c');
  });

  it.each([
    [WebPaths.author, '/author'],
    [WebPaths.login, '/login'],
    [WebPaths.loading, '/loading'],
    [WebPaths.wxAuthBind.split('?')[0] ?? '', '/wxAuth'],
    [WebPaths.selectTeam, '/selectTeam'],
    [WebPaths.createTeam, '/creatTeam'],
    [WebPaths.share('abcdefgh'), '/share/:shareId'],
    [WebPaths.wxPreview(3), '/wx-preview/:courseId'],
    [WebPaths.ai, '/ai'],
    [WebPaths.aiCreate, '/ai/create'],
    [WebPaths.aiProgress(12).split('?')[0] ?? '', '/ai/progress'],
    [WebPaths.storeList, '/store/list'],
    [WebPaths.storeCart, '/store/cart'],
    [WebPaths.storePay(5), '/store/pay/:orderId'],
    [WebPaths.storePreview(3), '/store/preview/:courseId'],
    [WebPaths.storeIframePreview(3), '/store/course/:courseId/iframe/preview'],
    [WebPaths.learn, '/learn'],
    [WebPaths.learnReport, '/learn/report'],
    [WebPaths.learnCourse(3), '/learn/course/:courseId'],
    [WebPaths.learnCourse(3, 9).split('?')[0] ?? '', '/learn/course/:courseId'],
    [WebPaths.certificate('ABCDEFGH2345'), '/certificate/:code'],
    [WebPaths.personalUser, '/personal/user'],
    [WebPaths.personalTeam, '/personal/team'],
    [WebPaths.personalTrade, '/personal/trade'],
    [WebPaths.course(3), '/create/course/:courseId'],
    [WebPaths.coursePreview(3), '/create/course/:courseId/preview'],
    [WebPaths.courseBuyPreview(3), '/create/course/:courseId/buy/preview'],
    [WebPaths.courseIframePreview(3), '/create/course/:courseId/iframe/preview'],
    [WebPaths.courseRelease(3), '/create/course/:courseId/release'],
    [WebPaths.lesson(3, 9), '/create/course/:courseId/Lesson/:lessonId'],
    [WebPaths.lessonPreview(3, 9), '/create/course/:courseId/lesson/:lessonId/preview'],
    [WebPaths.lessonIframePreview(3, 9), '/create/course/:courseId/lesson/:lessonId/iframe/preview'],
  ])('%s lands on the route %s', (path, pattern) => {
    expect(patternOf(path)).toBe(pattern);
  });

  it("the server's page test (isWebPagePath) knows every path of the route table, and nothing else", () => {
    const paths = (list: RouteObject[], base: string): string[] =>
      list.flatMap((r) => {
        const here = r.path ? `${base.replace(/\/$/, '')}/${r.path.replace(/^\//, '')}` : base;
        return [...(r.path && r.path !== '*' ? [here] : []), ...paths(r.children ?? [], here)];
      });
    const all = paths(routes, '').map((p) => p.replace(/:\w+/g, '7'));
    expect(all.length).toBeGreaterThan(30);
    for (const path of all) expect(isWebPagePath(path), path).toBe(true);
    for (const path of ['/nope', '/store/nope', '/create/course/7/unknown', '/assets/x.js'])
      expect(isWebPagePath(path), path).toBe(false);
  });
});
