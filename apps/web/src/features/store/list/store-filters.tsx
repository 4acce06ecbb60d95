import { COURSE_CATEGORIES, STORE_SORTS } from '@studio/contract/constants';
import type { CourseCategory, StoreListQuery, StoreSort } from '@studio/contract';
import { Flex, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Typing searches after this pause; Enter or the search button search at once. */
const TYPING_PAUSE_MS = 400;

export type FilterChange = Partial<Pick<StoreListQuery, 'keyword' | 'category' | 'sort'>>;

/** Search box, category and sort of the store list. Remount (key) it to reset the typed text. */
export const StoreFilters = ({
  query,
  onChange,
}: {
  query: StoreListQuery;
  onChange: (change: FilterChange) => void;
}) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(query.keyword);

  useEffect(() => {
    const keyword = draft.trim();
    if (keyword === query.keyword) return;
    const timer = setTimeout(() => onChange({ keyword }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, query.keyword, onChange]);

  return (
    <Flex gap={12} wrap className="store-filters">
      <Input.Search
        aria-label={t('store.list.search')}
        placeholder={t('store.list.searchPlaceholder')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={(value) => onChange({ keyword: value.trim() })}
        enterButton
        allowClear
        maxLength={40}
      />
      <Select<CourseCategory | 'all'>
        aria-label={t('store.list.category')}
        value={query.category ?? 'all'}
        onChange={(value) => onChange({ category: value === 'all' ? undefined : value })}
        options={[
          { value: 'all', label: t('store.list.allCategories') },
          ...COURSE_CATEGORIES.map((c) => ({ value: c, label: t(`store.category.${c}`) })),
        ]}
        style={{ minWidth: 130 }}
      />
      <Select<StoreSort>
        aria-label={t('store.list.sort')}
        value={query.sort}
        onChange={(sort) => onChange({ sort })}
        options={STORE_SORTS.map((s) => ({ value: s, label: t(`store.list.sortBy.${s}`) }))}
        style={{ minWidth: 150 }}
      />
    </Flex>
  );
};
