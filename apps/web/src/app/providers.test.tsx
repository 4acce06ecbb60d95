import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n/index.ts';
import { TestProviders } from '../test/test-providers.tsx';

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
