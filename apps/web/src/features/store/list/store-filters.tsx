import { COURSE_CATEGORIES, STORE_KEYWORD_MAX, STORE_SORTS } from '@studio/contract/constants';
import type { CourseCategory, StoreListAddress, StoreSort } from '@studio/contract';
import { AutoComplete, Flex, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HighlightedText } from '../../../components/highlighted-text.tsx';
import { useStoreSuggest } from '../store-api.ts';

/** Typing searches after this pause; Enter or the search button search at once. */
const TYPING_PAUSE_MS = 400;
/** Suggestions follow the typing sooner than the list does. */
const SUGGEST_PAUSE_MS = 150;

export type FilterChange = Partial<Pick<StoreListAddress, 'keyword' | 'category' | 'sort'>>;

/** `value` once it has stopped changing for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Search box (with title suggestions), category and sort of the store list. Remount (key) it to reset the typed text. */
export const StoreFilters = ({
  query,
  onChange,
}: {
  query: StoreListAddress;
  onChange: (change: FilterChange) => void;
}) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(query.keyword);
  const suggestFor = useSettled(draft.trim(), SUGGEST_PAUSE_MS);
  const suggest = useStoreSuggest(suggestFor);
  // The suggestions open as one types and close once a search is asked for (Enter, the button, a
  // pick), so they never cover the results; typing again opens them.
  const [suggesting, setSuggesting] = useState(false);

  useEffect(() => {
    const keyword = draft.trim();
    if (keyword === query.keyword) return;
    const timer = setTimeout(() => onChange({ keyword }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, query.keyword, onChange]);

  const options =
    draft.trim() && suggest.data
      ? [
          {
            label: t('store.list.suggestions'),
            options: suggest.data.list.map((s) => ({
              value: s.title,
              label: <HighlightedText text={s.title} ranges={s.titleHighlights} />,
            })),
          },
        ].filter((group) => group.options.length > 0)
      : [];
  // 综合 (relevance) ranks matches: offered only while there is a keyword to match.
  const sorts = STORE_SORTS.filter((s) => s !== 'relevance' || query.keyword !== '');

  return (
    <Flex gap={12} wrap className="store-filters">
      <AutoComplete
        value={draft}
        options={options}
        open={suggesting && options.length > 0}
        // Closed by blur, Escape or a pick; opened by typing only (the select opens itself on Enter).
        onOpenChange={(open) => {
          if (!open) setSuggesting(false);
        }}
        onChange={(value: string) => {
          setDraft(value);
          setSuggesting(true);
        }}
        onSelect={(value: string) => {
          setDraft(value);
          setSuggesting(false);
          onChange({ keyword: value.trim() });
        }}
        style={{ flex: '1 1 280px' }}
      >
        <Input.Search
          aria-label={t('store.list.search')}
          placeholder={t('store.list.searchPlaceholder')}
          onSearch={(value) => {
            setSuggesting(false);
            onChange({ keyword: value.trim() });
          }}
          enterButton
          allowClear
          maxLength={STORE_KEYWORD_MAX}
        />
      </AutoComplete>
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
        options={sorts.map((s) => ({ value: s, label: t(`store.list.sortBy.${s}`) }))}
        style={{ minWidth: 150 }}
      />
    </Flex>
  );
};
