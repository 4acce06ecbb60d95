import type { AiEstimate, AiEstimateRequest } from '@studio/contract';
import { Code, formatPrice } from '@studio/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text.ts';
import { aiApi, aiKeys, useAiGenerator } from './ai-api.ts';
import './ai.css';

/** Thousands of tokens with one decimal, never 0 for some use: "约 3.2 千 tokens". */
export const thousands = (tokens: number): number => Math.max(0.1, Math.round(tokens / 100) / 10);

/** The request a while after it stops changing, so typing a topic asks once, not per key. */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // The key stands for the value: a new object with the same content is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return settled;
}

/** 预计约 N 千 tokens, and the money when the provider's price is set: "预计约 3.2 千 tokens，约 ¥0.50". */
export const estimateLine = (t: TFunction, estimate: AiEstimate): string => {
  const parts = [t('ai.estimate.tokens', { k: thousands(estimate.totalTokens) })];
  if (estimate.costFen !== null) parts.push(t('ai.estimate.cost', { price: formatPrice(estimate.costFen) }));
  return parts.join(t('ai.estimate.join'));
};

/** The budget's refusal (50060), as the run itself would answer it. */
export const budgetUsedUpText = (estimate: AiEstimate): string =>
  errorText(Code.AI_BUDGET_USED_UP, '', { limit: estimate.budget.limit ?? 0 });

/** The estimate as a line of text (tokens, money when priced, a warning past what is left). */
export const EstimateText = ({ estimate }: { estimate: AiEstimate }) => {
  const { t } = useTranslation();
  if (!estimate.allowed) return <Alert type="error" showIcon title={budgetUsedUpText(estimate)} />;
  const left = estimate.budget.left;
  return (
    <div className="ai-estimate" aria-live="polite">
      <Typography.Text>{estimateLine(t, estimate)}</Typography.Text>{' '}
      <Typography.Text type="secondary">{t('ai.estimate.note')}</Typography.Text>
      {left !== null && estimate.totalTokens > left && (
        <Alert
          type="warning"
          showIcon
          title={t('ai.estimate.overBudget', { left })}
          style={{ marginTop: 8 }}
        />
      )}
    </div>
  );
};

/**
 * The server's estimate of a run (it counts the document's, course's or selection's text), asked once
 * the request settles; null asks nothing. One query per request, shared by whoever shows it.
 */
export const useAiEstimate = (request: AiEstimateRequest | null) => {
  const settled = useSettled(request);
  const estimate = useQuery({
    queryKey: aiKeys.estimate(settled ?? { kind: 'assist', action: 'continue', text: '' }),
    queryFn: () => aiApi.estimate(settled!),
    enabled: settled !== null,
    staleTime: 30_000,
    retry: false,
  });
  return { settled, estimate };
};

/**
 * 预计用量 before a run is confirmed: nothing for the template generator, which uses no tokens.
 * `onAllowed` hears whether the budget lets the run start.
 *
 * The estimate arrives a while after the request (it waits for the request to settle, then for the
 * server), and it sits above the button that starts the run. So its room is kept from the moment
 * there is a request: text appearing later must not move that button, or a press that began on it
 * ends beside it and the click is lost (a journey once clicked 生成大纲 to no effect this way).
 */
export const AiEstimateNote = ({
  request,
  onAllowed,
}: {
  request: AiEstimateRequest | null;
  onAllowed?: (allowed: boolean) => void;
}) => {
  const generator = useAiGenerator();
  const { settled, estimate } = useAiEstimate(request);
  const allowed = estimate.data?.allowed ?? true;
  useEffect(() => onAllowed?.(allowed), [allowed, onAllowed]);
  if (!request || generator.data?.kind === 'template') return null;
  return (
    <div className="ai-estimate-slot" data-testid="ai-estimate-slot">
      {settled && <EstimateState estimate={estimate} />}
    </div>
  );
};

/** The estimate's text as its query stands: being counted, counted, or nothing on an error. */
const EstimateState = ({ estimate }: { estimate: ReturnType<typeof useAiEstimate>['estimate'] }) => {
  const { t } = useTranslation();
  if (estimate.isError) return null;
  if (estimate.isPending)
    return <Typography.Text type="secondary">{t('ai.estimate.loading')}</Typography.Text>;
  if (estimate.data.generator === 'template') return null;
  return <EstimateText estimate={estimate.data} />;
};
