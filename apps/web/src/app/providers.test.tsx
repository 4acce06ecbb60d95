import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n/index.ts';
import { TestProviders } from '../test/test-providers.tsx';
import { appTheme, READABLE_TEXT } from './providers.tsx';

const asksForLessMotion = (reduce: boolean) => {
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: (_: string, l: () => void) => listeners.add(l),
        removeEventListener: (_: string, l: () => void) => listeners.delete(l),
      }) as unknown as MediaQueryList,
  );
  return listeners;
};

/** What antd's components read to decide whether to animate. */
const MotionToken = () => <span>motion:{String(theme.useToken().token.motion)}</span>;

afterEach(() => vi.restoreAllMocks());

describe('motion follows the system preference', () => {
  it('animates by default', () => {
    asksForLessMotion(false);
    render(<MotionToken />, { wrapper: TestProviders });
    expect(screen.getByText('motion:true')).toBeTruthy();
  });

  it('turns antd motion off when the system asks for reduced motion', () => {
    asksForLessMotion(true);
    render(<MotionToken />, { wrapper: TestProviders });
    expect(screen.getByText('motion:false')).toBeTruthy();
  });
});

/** WCAG's contrast ratio of two #rrggbb colours. */
const contrast = (a: string, b: string) => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('coloured text is readable (WCAG AA, 4.5:1)', () => {
  it.each(Object.entries(READABLE_TEXT))('%s on white and on the page background', (_, colour) => {
    expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour, '#f5f5f5')).toBeGreaterThanOrEqual(4.5);
  });

  it('the theme gives links, selected tabs, danger buttons and a done progress these shades', () => {
    const { token, components } = appTheme(true);
    expect(token?.colorLink).toBe(READABLE_TEXT.colorLink);
    expect(components?.Tabs?.itemSelectedColor).toBe(READABLE_TEXT.tabSelected);
    expect(components?.Button?.colorError).toBe(READABLE_TEXT.danger);
    expect(components?.Progress?.colorSuccess).toBe(READABLE_TEXT.success);
  });

  it('links read the readable shade inside the app', () => {
    const LinkToken = () => <span>link:{theme.useToken().token.colorLink}</span>;
    render(<LinkToken />, { wrapper: TestProviders });
    expect(screen.getByText(`link:${READABLE_TEXT.colorLink}`)).toBeTruthy();
  });
});
