import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What the view reads of a TanStack query result. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** Shown while the first answer is awaited; a plain Skeleton by default. */
  loading?: ReactNode;
  /** Title of the failure view (a warning Result with 重试). Without it a failure shows `empty`. */
  errorTitle?: string;
  /** Put the failure's own message (the server's msg) under the title. */
  errorReason?: boolean;
  /** A failed refetch replaces data already shown (default: the data stays). */
  errorOverData?: boolean;
  /** Shown instead of `children` when `isEmpty` says the answer has nothing to list. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** The one switch between a query's loading, failure, empty and loaded views. */
export const QueryView = <T,>({
  query,
  loading = <Skeleton active />,
  errorTitle,
  errorReason = false,
  errorOverData = false,
  empty = null,
  isEmpty,
  children,
}: QueryViewProps<T>) => {
  const { t } = useTranslation();
  const failed = query.isError && (errorOverData || query.data === undefined);
  if (failed && errorTitle !== undefined) {
    return (
      <Result
        status="warning"
        title={errorTitle}
        subTitle={errorReason ? query.error?.message : undefined}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (query.data === undefined) return query.isPending ? loading : empty;
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
};
