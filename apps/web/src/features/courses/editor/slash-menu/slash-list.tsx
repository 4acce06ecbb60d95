import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlashItem } from './slash-items.ts';

export interface SlashListProps {
  items: SlashItem[];
  /** The highlighted item (↑↓ move it; Enter picks it). */
  index: number;
  onPick: (item: SlashItem) => void;
}

/** The slash menu's list. The keys are read by the editor (slash-menu.ts): the focus stays in the text. */
export const SlashList = ({ items, index, onPick }: SlashListProps) => {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [index]);
  return (
    <div ref={list} className="slash-menu" role="listbox" aria-label={t('editor.slash.label')}>
      {items.length === 0 && <div className="slash-menu-empty">{t('editor.slash.none')}</div>}
      {items.map((item, i) => (
        <div
          key={item.key}
          role="option"
          aria-selected={i === index}
          className={i === index ? 'slash-menu-item slash-menu-item-active' : 'slash-menu-item'}
          // Keep the caret in the text while clicking.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(item)}
        >
          {item.label(t)}
        </div>
      ))}
    </div>
  );
};
