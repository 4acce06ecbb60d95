import { LEARN_FILTERS, LEARN_REPORT_SORTS, type LearnReportQuery } from '@studio/contract';
import { useSearchParams } from 'react-router';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';

export const REPORT_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The report's search params: ?keyword=&course=&status=&sort=&page=&size= (defaults left out). */
export type ReportSearchKey = 'keyword' | 'course' | 'status' | 'sort' | 'page' | 'size';
export type ReportSearchPatch = Partial<Record<ReportSearchKey, string | undefined>>;

const oneOf = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  values.find((v) => v === raw) ?? fallback;

const positiveInt = (raw: string | null): number | undefined => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The query an address asks for; anything malformed falls back to the default, as the server would. */
export const reportQueryOf = (params: URLSearchParams): LearnReportQuery => {
  const size = positiveInt(params.get('size'));
  const courseId = positiveInt(params.get('course'));
  return {
    keyword: (params.get('keyword') ?? '').trim().slice(0, 40),
    ...(courseId ? { courseId } : {}),
    status: oneOf(LEARN_FILTERS, params.get('status'), 'all'),
    sort: oneOf(LEARN_REPORT_SORTS, params.get('sort'), 'lastActivity'),
    pageNum: positiveInt(params.get('page')) ?? 1,
    pageSize: REPORT_PAGE_SIZES.find((s) => s === size) ?? DEFAULT_PAGE_SIZE,
  };
};

/**
 * The filters, sort and page live in the address, so a reload or a shared link shows the same
 * report. Any change but paging starts again at page 1.
 */
export const useReportQuery = () => {
  const [params] = useSearchParams();
  const patchSearch = useSearchPatch();
  const query = reportQueryOf(params);
  const update = (patch: ReportSearchPatch) => patchSearch({ page: undefined, ...patch }, { replace: true });
  return { query, update };
};
