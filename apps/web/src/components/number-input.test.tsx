import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n/index.ts';
import { TestProviders } from '../test/test-providers.tsx';
import { NumberInput } from './number-input.tsx';

const stepLabels = (root: HTMLElement) =>
  [...root.querySelectorAll('[role="button"]')].map((b) => b.getAttribute('aria-label'));

describe('NumberInput', () => {
  it("names its step buttons in the interface language, not rc-input-number's English", async () => {
    const { container } = render(
      <TestProviders>
        <NumberInput aria-label="价格" min={0} />
      </TestProviders>,
    );
    expect(stepLabels(container)).toEqual(['增加', '减少']);
    await act(() => i18n.changeLanguage('en-US'));
    try {
      expect(stepLabels(container)).toEqual(['Increase', 'Decrease']);
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
    expect(stepLabels(container)).toEqual(['增加', '减少']);
  });
});
