import { describe, expect, it } from 'vitest';
import { enUS } from './en-us.ts';
import { i18n } from './index.ts';
import { zhCN } from './zh-cn.ts';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );

/** Counts that are never 1 ("More than 1000 courses"). */
const NEVER_ONE = new Set(['store.list.totalCapped']);

describe('English counts', () => {
  it('says "1 order", "2 orders", "0 orders"; Chinese keeps its one form', async () => {
    await i18n.changeLanguage('en-US');
    try {
      expect(i18n.t('store.trade.total', { count: 1 })).toBe('1 order');
      expect(i18n.t('store.trade.total', { count: 2 })).toBe('2 orders');
      expect(i18n.t('store.trade.total', { count: 0 })).toBe('0 orders');
      expect(i18n.t('store.list.lessons', { count: 1 })).toBe('1 lesson');
      expect(i18n.t('course.list.total', { count: 1 })).toBe('1 course');
      expect(i18n.t('team.members', { count: 1 })).toBe('1 member');
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
    expect(i18n.t('store.trade.total', { count: 1 })).toBe('共 1 笔订单');
  });

  it('every English message that counts a plural noun has its "_one" form, beside a key Chinese has', () => {
    const en = new Map(leaves(enUS as unknown as Tree));
    const zh = new Map(leaves(zhCN as unknown as Tree));
    for (const [key, text] of en) {
      if (key.endsWith('_one')) {
        const base = key.slice(0, -'_one'.length);
        expect(zh.has(base), key).toBe(true);
        continue;
      }
      if (/\{\{count\}\} [a-z]+s\b/.test(text) && !NEVER_ONE.has(key))
        expect(en.has(`${key}_one`), `${key}: ${text}`).toBe(true);
    }
  });
});
