import { API_BASE } from '@studio/contract/constants';
import { vi } from 'vitest';

type Answer = { code: number; msg?: string; data?: unknown };
export type FetchCall = { route: string; method: string; body: unknown; headers: Record<string, string> };

/**
 * A stub `fetch` for the login card's calls: each route answers with its list of envelopes in turn
 * (the last one again once the list runs out). The calls are recorded, body parsed.
 */
export function stubFetch(answers: Record<string, Answer[]>): FetchCall[] {
  const calls: FetchCall[] = [];
  const left = new Map(Object.entries(answers).map(([route, list]) => [route, [...list]]));
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const route = input.replace(API_BASE, '').split('?')[0]!;
      calls.push({
        route,
        method: init?.method ?? 'GET',
        body: init?.body ? (JSON.parse(init.body as string) as unknown) : undefined,
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      });
      const list = left.get(route);
      if (!list?.length) return Promise.reject(new TypeError(`no answer for ${route}`));
      const answer = list.length > 1 ? list.shift()! : list[0]!;
      return Promise.resolve(
        new Response(JSON.stringify({ msg: 'ok', data: null, ...answer }), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}
