/**
 * `npm run screenshots`: every route of the seed, logged in as the demo user with demo data, at desktop
 * and phone width, into screenshots/ (git-ignored).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from './support/browser.ts';
import { ROOT, startServer } from './support/server.ts';
import { apiLogin, useSession } from './support/session.ts';

const ROUTES: [name: string, path: string, loggedIn: boolean][] = [
  ['login', '/login', false],
  ['loading', '/loading', true],
  ['wxAuth', '/wxAuth', false],
  ['share', '/share/demo', false],
  ['wx-preview', '/wx-preview/1', false],
  ['author', '/author', true],
  ['ai', '/ai', true],
  ['ai-create', '/ai/create', true],
  ['ai-progress', '/ai/progress', true],
  ['store-preview', '/store/preview/1', true],
  ['store-iframe-preview', '/store/course/1/iframe/preview', true],
  ['store-list', '/store/list', true],
  ['store-cart', '/store/cart', true],
  ['store-pay', '/store/pay/1', true],
  ['selectTeam', '/selectTeam', true],
  ['creatTeam', '/creatTeam', true],
  ['personal', '/personal', true],
  ['personal-user', '/personal/user', true],
  ['personal-team', '/personal/team', true],
  ['personal-trade', '/personal/trade', true],
  ['course', '/create/course/1', true],
  ['course-preview', '/create/course/1/preview', true],
  ['course-buy-preview', '/create/course/1/buy/preview', true],
  ['course-iframe-preview', '/create/course/1/iframe/preview', true],
  ['course-release', '/create/course/1/release', true],
  ['lesson', '/create/course/1/Lesson/1', true],
  ['lesson-preview', '/create/course/1/lesson/1/preview', true],
  ['lesson-iframe-preview', '/create/course/1/lesson/1/iframe/preview', true],
  ['not-found', '/no/such/page', true],
];

const VIEWPORTS = { desktop: { width: 1366, height: 900 }, mobile: { width: 390, height: 844 } } as const;

async function main() {
  const outDir = path.join(ROOT, 'screenshots');
  await fs.mkdir(outDir, { recursive: true });
  const server = await startServer('screenshots');
  const browser = await launchBrowser();
  try {
    const demo = await apiLogin(server.baseUrl, '13800000000', 'demo1234');
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      for (const [name, route, loggedIn] of ROUTES) {
        const context = await browser.newContext({
          viewport,
          locale: 'zh-CN',
          isMobile: device === 'mobile',
        });
        if (loggedIn) await useSession(context, demo);
        const page = await context.newPage();
        await page.goto(`${server.baseUrl}${route}`, { waitUntil: 'networkidle' });
        // Lazy chunks and antd's enter animations settle after network idle.
        await page.waitForFunction(() => document.body.innerText.trim().length > 0, null, {
          timeout: 15_000,
        });
        await page.waitForTimeout(800);
        const file = path.join(outDir, `${name}-${device}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`${route} → ${path.relative(ROOT, file)}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
