// eslint-disable-next-line no-restricted-imports -- the one wrapper of antd's InputNumber
import { InputNumber, type InputNumberProps } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const UP = /-(?:action|handler)-up\b/;

/**
 * antd's InputNumber with its step buttons named in the interface language. rc-input-number writes
 * "Increase Value" / "Decrease Value" into their `aria-label` whatever the locale (antd's locale has
 * no words for them), so a screen reader read English in the Chinese interface; after each render the
 * labels are set to ours (React leaves an attribute alone while its prop does not change). The
 * wrapper is `display: contents`, so the input lays out as if it stood alone.
 */
export const NumberInput = <T extends number | string = number>(props: InputNumberProps<T>) => {
  const { t } = useTranslation();
  const root = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    for (const button of root.current?.querySelectorAll<HTMLElement>('[role="button"]') ?? []) {
      const label = UP.test(button.className) ? t('common.increase') : t('common.decrease');
      if (button.getAttribute('aria-label') !== label) button.setAttribute('aria-label', label);
    }
  });
  return (
    <span ref={root} style={{ display: 'contents' }}>
      <InputNumber<T> {...props} />
    </span>
  );
};
