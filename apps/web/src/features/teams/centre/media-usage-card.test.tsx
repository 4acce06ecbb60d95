import { Code, Routes } from '@studio/contract';
import { render, screen } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { TestProviders } from '../../../test/test-providers.tsx';
import { formatStorage, MediaUsageCard, usagePercent } from './media-usage-card.tsx';

const mock = new MockAdapter(http);
const MB = 1024 * 1024;
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe("the team centre's media storage", () => {
  it('shows what the team uses of its quota, with a bar', async () => {
    mock
      .onGet(Routes.media.usage)
      .reply(200, { code: Code.OK, msg: 'ok', data: { usedBytes: 150 * MB + 1, quotaBytes: 2048 * MB } });
    render(
      <TestProviders>
        <MediaUsageCard teamId={1} />
      </TestProviders>,
    );
    await screen.findByText('已用 151 MB，共 2.0 GB');
    const bar = screen.getByRole('progressbar', { name: '音视频存储' });
    expect(bar.getAttribute('aria-valuenow')).toBe('7');
  });

  it('counts in MB and GB, and never past 100%', () => {
    expect(formatStorage(0)).toBe('0 MB');
    expect(formatStorage(1)).toBe('1 MB');
    expect(formatStorage(1536 * MB)).toBe('1.5 GB');
    expect(usagePercent({ usedBytes: 3 * MB, quotaBytes: 2 * MB })).toBe(100);
    expect(usagePercent({ usedBytes: 999, quotaBytes: 1000 })).toBe(99);
    expect(usagePercent({ usedBytes: 0, quotaBytes: 0 })).toBe(100);
  });
});
