import { describe, expect, it } from 'vitest';
import { readListQuery, writeListQuery } from './store-list-address.ts';

describe('store list query in the address', () => {
  it('reads defaults from a plain address and keeps it plain', () => {
    const query = readListQuery(new URLSearchParams());
    expect(query).toEqual({ keyword: '', sort: 'newest', pageNum: 1, pageSize: 12 });
    expect(writeListQuery(query).toString()).toBe('');
  });

  it('round-trips keyword, category, sort and paging; ignores what is not valid', () => {
    const params = new URLSearchParams('q=零基础&category=tech&sort=sales&page=3&size=24');
    const query = readListQuery(params);
    expect(query).toEqual({ keyword: '零基础', category: 'tech', sort: 'sales', pageNum: 3, pageSize: 24 });
    expect(readListQuery(writeListQuery(query))).toEqual(query);
    expect(readListQuery(new URLSearchParams('category=x&sort=y&page=-1&size=7'))).toEqual({
      keyword: '',
      sort: 'newest',
      pageNum: 1,
      pageSize: 12,
    });
    // Never past the API's page limit, whatever the address says.
    expect(readListQuery(new URLSearchParams('page=99999999999')).pageNum).toBe(100_000);
  });

  it('defaults to 综合 (relevance) with a keyword and leaves that default out of the address', () => {
    const query = readListQuery(new URLSearchParams('q=rumen'));
    expect(query.sort).toBe('relevance');
    expect(writeListQuery(query).toString()).toBe('q=rumen');
    // Newest first asked for with a keyword stays in the address; 50 characters at most.
    expect(writeListQuery({ ...query, sort: 'newest' }).toString()).toBe('q=rumen&sort=newest');
    expect(readListQuery(new URLSearchParams(`q=${'数'.repeat(60)}`)).keyword).toHaveLength(50);
  });
});
