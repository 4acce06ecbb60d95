import type { StoreCard as StoreCardData } from '@studio/contract';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CourseCover } from '../features/courses/course-cover.tsx';
import { AppScreen } from '../screens/app-screen.tsx';
import { StoreCard } from '../screens/store-list-screen.tsx';
import { TestProviders } from '../test/test-providers.tsx';
// The app's messages (main.tsx sets them up in the app).
import '../lib/i18n/index.ts';
import { TeamAvatar } from './team-avatar.tsx';

const COVER = '/api/files/cover/2026/11/abcdefghijkl/lg.jpg';
const card: StoreCardData = {
  courseId: 1,
  title: '数据分析入门',
  subtitle: '',
  cover: COVER,
  category: 'tech',
  teamName: '示例学院',
  price: 100,
  lessonCount: 3,
  sales: 0,
  versionNo: 1,
  releaseTime: 0,
};

const inApp = (node: React.ReactNode) =>
  render(
    <TestProviders>
      <MemoryRouter>{node}</MemoryRouter>
    </TestProviders>,
  ).container;

describe('uploaded images at the size and format a place needs', () => {
  it('a store card takes the small cover, WebP first, the JPEG as the fallback', () => {
    const view = inApp(
      <AppScreen>
        <StoreCard course={card} />
      </AppScreen>,
    );
    const picture = view.querySelector('picture')!;
    expect(picture.querySelector('source')?.getAttribute('type')).toBe('image/webp');
    expect(picture.querySelector('source')?.getAttribute('srcset')).toBe(
      '/api/files/cover/2026/11/abcdefghijkl/sm.webp',
    );
    const img = picture.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/files/cover/2026/11/abcdefghijkl/sm.jpg');
    expect(img.className).toBe('pp-cover');
    expect(img.getAttribute('alt')).toBe('课程封面：数据分析入门');
  });

  it("a page's main cover takes the large size; an older upload stays a plain <img>", () => {
    const page = inApp(<CourseCover src={COVER} title="数据分析入门" priority />);
    expect(page.querySelector('source')?.getAttribute('srcset')).toBe(
      '/api/files/cover/2026/11/abcdefghijkl/lg.webp',
    );
    expect(page.querySelector('img')?.getAttribute('src')).toBe(COVER);
    const legacy = inApp(<CourseCover src="/api/files/cover/2026/11/abcdefghijkl.png" title="旧封面" />);
    expect(legacy.querySelector('picture')).toBeNull();
    expect(legacy.querySelector('img')?.getAttribute('src')).toBe(
      '/api/files/cover/2026/11/abcdefghijkl.png',
    );
  });

  it('a logo shows its small WebP', () => {
    const logo = inApp(<TeamAvatar name="演示团队" logo="/api/files/logo/2026/11/abcdefghijkl/lg.png" />);
    expect(logo.querySelector('img')?.getAttribute('src')).toBe(
      '/api/files/logo/2026/11/abcdefghijkl/sm.webp',
    );
  });
});
