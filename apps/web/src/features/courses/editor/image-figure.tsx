import { IMAGE_CAPTION_MAX, IMAGE_WIDTH } from '@studio/contract/constants';
import { NodeViewWrapper, type NodeViewProps } from '@tiptap/react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDraftText } from './quiz/use-draft-text.ts';
import { useEditable } from './quiz/use-editable.ts';

/** Marks the parts of the figure whose events are its own (see image-editing.ts). */
export const IMAGE_FIELDS_ATTR = 'data-image-fields';
const fields = { [IMAGE_FIELDS_ATTR]: '' };

/** One arrow key press: a tenth of the space the image has. */
const KEY_STEPS = 10;

const clampWidth = (width: number, max: number): number =>
  Math.round(Math.min(Math.max(width, IMAGE_WIDTH.min), Math.min(max, IMAGE_WIDTH.max)));

/**
 * An image in the editor: sized by dragging its corner handle (or with the arrow keys on it, Home
 * and End for smallest and full width), with its caption typed under it. The width is saved once,
 * when the drag ends; a caption is written as it is typed, like the quiz's fields.
 */
export const ImageFigure = ({ node, editor, updateAttributes, selected }: NodeViewProps) => {
  const { t } = useTranslation();
  const editable = useEditable(editor);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startWidth: number; max: number } | null>(null);
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  // The width the image shows at without one set (its own, at most the column's): the slider's value.
  const [autoWidth, setAutoWidth] = useState<number | null>(null);
  const saved: unknown = node.attrs.width;
  const width = dragWidth ?? (typeof saved === 'number' ? saved : null);
  const caption = useDraftText(typeof node.attrs.caption === 'string' ? node.attrs.caption : '', (text) => {
    if (editor.isEditable) updateAttributes({ caption: text || null });
  });

  /** The widest the image may be: the editor's text column. */
  const maxWidth = () => frame.current?.parentElement?.clientWidth ?? IMAGE_WIDTH.max;
  const shownWidth = () => frame.current?.getBoundingClientRect().width ?? IMAGE_WIDTH.min;
  const save = (next: number | null) => {
    if (editor.isEditable && next !== saved) updateAttributes({ width: next });
  };

  const onPointerDown = (e: PointerEvent<HTMLSpanElement>) => {
    if (!editable || e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, startWidth: shownWidth(), max: maxWidth() };
  };
  const onPointerMove = (e: PointerEvent<HTMLSpanElement>) => {
    const d = drag.current;
    if (d) setDragWidth(clampWidth(d.startWidth + e.clientX - d.startX, d.max));
  };
  const onPointerEnd = () => {
    if (!drag.current) return;
    drag.current = null;
    if (dragWidth !== null) save(dragWidth);
    setDragWidth(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLSpanElement>) => {
    const max = maxWidth();
    const step = max / KEY_STEPS;
    const now = shownWidth();
    const next =
      e.key === 'ArrowLeft' || e.key === 'ArrowDown'
        ? clampWidth(now - step, max)
        : e.key === 'ArrowRight' || e.key === 'ArrowUp'
          ? clampWidth(now + step, max)
          : e.key === 'Home'
            ? IMAGE_WIDTH.min
            : e.key === 'End'
              ? null // as wide as the image is, at most the page
              : undefined;
    if (next === undefined) return;
    e.preventDefault();
    save(next);
  };

  const src = typeof node.attrs.src === 'string' ? node.attrs.src : undefined;
  const alt = typeof node.attrs.alt === 'string' ? node.attrs.alt : '';
  return (
    <NodeViewWrapper
      as="figure"
      className={`image-figure image-editor${selected ? ' is-selected' : ''}`}
      contentEditable={false}
      data-drag-handle=""
    >
      <div ref={frame} className="image-editor-frame" style={width ? { width } : undefined}>
        <img
          src={src}
          alt={alt}
          title={node.attrs.title ?? undefined}
          draggable={false}
          onLoad={(e) => setAutoWidth(Math.round(e.currentTarget.getBoundingClientRect().width))}
        />
        {editable && (
          <span
            {...fields}
            className="image-editor-handle"
            role="slider"
            tabIndex={0}
            aria-label={t('editor.image.width')}
            aria-valuemin={IMAGE_WIDTH.min}
            aria-valuemax={IMAGE_WIDTH.max}
            aria-valuenow={width ?? autoWidth ?? IMAGE_WIDTH.min}
            aria-valuetext={width ? t('editor.image.widthValue', { width }) : t('editor.image.widthAuto')}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            onKeyDown={onKeyDown}
          />
        )}
      </div>
      {editable ? (
        <input
          {...fields}
          {...caption}
          className="image-editor-caption"
          maxLength={IMAGE_CAPTION_MAX}
          placeholder={t('editor.image.captionPlaceholder')}
          aria-label={t('editor.image.caption')}
        />
      ) : (
        caption.value && <figcaption>{caption.value}</figcaption>
      )}
    </NodeViewWrapper>
  );
};
