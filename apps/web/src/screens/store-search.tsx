import {
  API_BASE,
  COURSE_CATEGORIES,
  Routes,
  STORE_KEYWORD_MAX,
  STORE_PAGE_SIZES,
  STORE_SORTS,
  WebPaths,
} from '@studio/contract/constants';
import type {
  CourseCategory,
  EndpointAt,
  InputOf,
  OutputOf,
  StoreListAddress,
  StoreSort,
} from '@studio/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { HighlightedText } from '../components/highlighted-text.tsx';
import { useWords } from './words.tsx';

/** Suggestions follow the typing after this pause. */
const SUGGEST_PAUSE_MS = 150;
/** In the app, typing searches after this pause; Enter or the button search at once. */
const TYPING_PAUSE_MS = 400;

export type FilterChange = Partial<Pick<StoreListAddress, 'keyword' | 'category' | 'sort'>>;

/** The messages the search box shows: the server sends these with its island. */
export const STORE_SEARCH_WORDS = [
  'store.list.search',
  'store.list.searchPlaceholder',
  'store.list.searchSubmit',
  'store.list.suggestions',
  'store.list.category',
  'store.list.allCategories',
  'store.list.sort',
  ...COURSE_CATEGORIES.map((c) => `store.category.${c}`),
  ...STORE_SORTS.map((s) => `store.list.sortBy.${s}`),
];

/** The suggest endpoint's query and answer, from the contract's table (types only). */
type SuggestCall = EndpointAt<typeof Routes.store.suggest>;
type Suggestion = OutputOf<SuggestCall>['list'][number];

/** Up to 8 titles for what is typed (a public API; plain fetch, so the island carries no client). */
type SuggestFn = (keyword: string, signal: AbortSignal) => Promise<Suggestion[]>;
async function fetchSuggestions(keyword: string, signal: AbortSignal): Promise<Suggestion[]> {
  const query: InputOf<SuggestCall> = { keyword };
  const res = await fetch(`${API_BASE}${Routes.store.suggest}?${new URLSearchParams(query)}`, {
    signal,
  });
  const body = (await res.json()) as { code: number; data?: OutputOf<SuggestCall> };
  return body.code === 200 && body.data ? body.data.list : [];
}

/** Suggestions for `keyword` once it has stopped changing; none for an empty one. */
function useSuggestions(keyword: string, suggest: SuggestFn): Suggestion[] {
  const [list, setList] = useState<{ keyword: string; list: Suggestion[] }>({ keyword: '', list: [] });
  useEffect(() => {
    if (!keyword) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      suggest(keyword, abort.signal).then(
        (found) => setList({ keyword, list: found }),
        () => undefined, // offline or aborted: no suggestions, the search still works
      );
    }, SUGGEST_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [keyword, suggest]);
  return keyword && list.keyword === keyword ? list.list : [];
}

/**
 * The store's search box (titles suggested as one types), category and sort: a GET form to the list.
 * On a visitor's server-rendered page it is an island (hydrated before anything else loads): a change
 * of category or sort, Enter or a picked suggestion loads the list for it. In the app `onChange` takes
 * each change instead (typing searches after a pause), and the router shows the list.
 */
export const StoreSearch = ({
  query,
  onChange,
  suggest = fetchSuggestions,
}: {
  query: StoreListAddress;
  onChange?: (change: FilterChange) => void;
  /** How titles are asked for (the app: its request client, with the member's headers). */
  suggest?: SuggestFn;
}) => {
  const { t } = useWords();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(query.keyword);
  const [category, setCategory] = useState(query.category ?? '');
  const [sort, setSort] = useState(query.sort);
  // Open as one types; closed once a search is asked for (Enter, the button, a pick), so they never
  // cover the results; typing again opens them.
  const [suggesting, setSuggesting] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(draft.trim(), suggest);
  const open = suggesting && suggestions.length > 0;

  // The keyword this box last asked the list for (in the app): when the address catches up with it,
  // what was typed meanwhile is not the address's to replace.
  const [asked, setAsked] = useState<string | null>(null);
  // The address changed (清除筛选, back, a search): the box and the pickers follow it, during render
  // (React's pattern for state that follows a prop), keeping what is typed when it is the same search
  // or the one this box asked for (the list may load after the next word is typed).
  const [shown, setShown] = useState(query);
  if (shown.keyword !== query.keyword || shown.category !== query.category || shown.sort !== query.sort) {
    setShown(query);
    if (asked === query.keyword) setAsked(null);
    else if (draft.trim() !== query.keyword) setDraft(query.keyword);
    setCategory(query.category ?? '');
    setSort(query.sort);
  }
  const askFor = (keyword: string) => {
    setAsked(keyword);
    onChange?.({ keyword });
  };

  // In the app, typing searches once it pauses.
  useEffect(() => {
    const keyword = draft.trim();
    if (!onChange || keyword === query.keyword) return;
    const timer = setTimeout(() => {
      setAsked(keyword);
      onChange({ keyword });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, query.keyword, onChange]);

  const search = (keyword: string) => {
    setSuggesting(false);
    setActive(-1);
    if (onChange) askFor(keyword.trim());
    else form.current?.requestSubmit();
  };
  const submit = (event: FormEvent) => {
    setSuggesting(false);
    if (!onChange) return; // the browser loads the list
    event.preventDefault();
    search(draft);
  };
  const pick = (title: string) => {
    setDraft(title);
    // The input's value is written before the form is read.
    queueMicrotask(() => search(title));
  };
  const change = (next: FilterChange) => {
    if (onChange) onChange(next);
    else queueMicrotask(() => form.current?.requestSubmit());
  };

  // 综合 (relevance) ranks matches: offered only while there is a keyword to match.
  const sorts = STORE_SORTS.filter((s) => s !== 'relevance' || query.keyword !== '');
  // A fixed id (one search box a page): useId's depends on the tree's place, which differs between
  // the server's whole page and the island hydrated on its own.
  const listId = 'store-search-suggestions';
  return (
    <form
      ref={form}
      className="pp-filters store-filters"
      method="get"
      action={WebPaths.storeList}
      role="search"
      onSubmit={submit}
    >
      <div className="pp-combobox pp-grow">
        <input
          type="search"
          name="q"
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          value={draft}
          maxLength={STORE_KEYWORD_MAX}
          aria-label={t('store.list.search')}
          placeholder={t('store.list.searchPlaceholder')}
          className="pp-input"
          onChange={(e) => {
            setDraft(e.target.value);
            setSuggesting(true);
            setActive(-1);
          }}
          onBlur={() => setSuggesting(false)}
          onKeyDown={(e) => {
            // Enter searches (or takes the chosen suggestion) and closes the suggestions.
            if (e.key === 'Enter') {
              e.preventDefault();
              const chosen = open && active >= 0 ? suggestions[active] : undefined;
              if (chosen) pick(chosen.title);
              else search(draft);
              return;
            }
            if (!open) return;
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const step = e.key === 'ArrowDown' ? 1 : -1;
              setActive((i) => (i + step + suggestions.length) % suggestions.length);
            } else if (e.key === 'Escape') {
              setSuggesting(false);
            }
          }}
        />
        {open && (
          <ul id={listId} role="listbox" aria-label={t('store.list.suggestions')} className="pp-listbox">
            {suggestions.map((s, i) => (
              <li
                key={s.courseId}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className="pp-option"
                // Before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(s.title);
                }}
              >
                <HighlightedText text={s.title} ranges={s.titleHighlights} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <select
        name="category"
        value={category}
        aria-label={t('store.list.category')}
        className="pp-input"
        onChange={(e) => {
          const value = e.target.value as CourseCategory | '';
          setCategory(value);
          change({ category: value || undefined });
        }}
      >
        <option value="">{t('store.list.allCategories')}</option>
        {COURSE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`store.category.${c}`)}
          </option>
        ))}
      </select>
      <select
        name="sort"
        value={sort}
        aria-label={t('store.list.sort')}
        className="pp-input"
        onChange={(e) => {
          const value = e.target.value as StoreSort;
          setSort(value);
          change({ sort: value });
        }}
      >
        {sorts.map((s) => (
          <option key={s} value={s}>
            {t(`store.list.sortBy.${s}`)}
          </option>
        ))}
      </select>
      {query.pageSize !== STORE_PAGE_SIZES[0] && <input type="hidden" name="size" value={query.pageSize} />}
      <button type="submit" className="pp-button pp-button-primary">
        {t('store.list.searchSubmit')}
      </button>
    </form>
  );
};
