import { LEARN_FILTERS, LEARN_REPORT_SORTS, type LearnReportQuery } from '@studio/contract';
import { Flex, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLearnList } from '../learn-api.ts';
import type { ReportSearchPatch } from './report-search.ts';

/**
 * Keyword (member or course), course, status and sort. The course options are the team's
 * learnable courses (/learn/list), the same set the report crosses with the members.
 */
export const ReportFilters = ({
  query,
  onChange,
}: {
  query: LearnReportQuery;
  onChange: (patch: ReportSearchPatch) => void;
}) => {
  const { t } = useTranslation();
  const courses = useLearnList('all');
  const options = (courses.data ?? []).map((c) => ({ value: c.courseId, label: c.title }));
  return (
    <Flex
      gap={12}
      wrap
      align="center"
      className="report-filters"
      role="search"
      aria-label={t('learn.report.filters')}
    >
      <Input.Search
        // A new address (back, a shared link) puts its keyword in the box.
        key={query.keyword}
        className="report-filter-keyword"
        defaultValue={query.keyword}
        placeholder={t('learn.report.keyword')}
        aria-label={t('learn.report.keyword')}
        allowClear
        maxLength={40}
        onSearch={(keyword) => onChange({ keyword: keyword.trim() || undefined })}
      />
      <Select<number>
        className="report-filter-select"
        aria-label={t('learn.report.course')}
        placeholder={t('learn.report.allCourses')}
        // Until the titles arrive an id would show as the selection: nothing shows instead.
        value={courses.data ? query.courseId : undefined}
        loading={courses.isPending}
        allowClear
        showSearch
        optionFilterProp="label"
        options={options}
        onChange={(courseId) => onChange({ course: courseId ? String(courseId) : undefined })}
      />
      {/* antd's group takes no role: the wrapper names the three radios as one choice. */}
      <div role="radiogroup" aria-label={t('learn.filter.label')}>
        <Radio.Group
          optionType="button"
          value={query.status}
          onChange={(e) =>
            onChange({ status: e.target.value === 'all' ? undefined : String(e.target.value) })
          }
          options={LEARN_FILTERS.map((f) => ({ value: f, label: t(`learn.filter.${f}`) }))}
        />
      </div>
      <Select
        className="report-filter-select"
        aria-label={t('learn.report.sort')}
        value={query.sort}
        onChange={(sort) => onChange({ sort: sort === 'lastActivity' ? undefined : sort })}
        options={LEARN_REPORT_SORTS.map((s) => ({ value: s, label: t(`learn.report.sorts.${s}`) }))}
      />
    </Flex>
  );
};
