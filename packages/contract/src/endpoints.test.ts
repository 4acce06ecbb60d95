import { describe, expect, it } from 'vitest';
import { endpoints, Routes } from './index.ts';

const all = Object.entries(endpoints).flatMap(([group, entries]) =>
  Object.entries(entries).map(([key, def]) => ({ group, key, def })),
);

describe('the endpoint table', () => {
  it('names each endpoint as its path in Routes (endpoints.g.k is Routes.g.k; system: top level)', () => {
    const routes = Routes as unknown as Record<string, string | Record<string, string>>;
    for (const { group, key, def } of all) {
      const path = group === 'system' ? routes[key] : (routes[group] as Record<string, string>)[key];
      expect(def.path, `${group}.${key}`).toBe(path);
    }
  });

  it('has one endpoint per path (the web client finds an endpoint by its path)', () => {
    const paths = all.map(({ def }) => def.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every endpoint a summary and a known access level', () => {
    for (const { group, key, def } of all) {
      expect(def.summary.length, `${group}.${key}`).toBeGreaterThan(0);
      expect(['public', 'user', 'registered', 'team']).toContain(def.auth);
    }
  });
});
