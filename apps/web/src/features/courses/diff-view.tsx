import type { DiffBlock } from '@studio/contract/doc-diff';
import { useTranslation } from 'react-i18next';
import './diff-view.css';

/** One block of a diff: kept text plain, added green, removed struck through, changed words marked. */
const DiffBlockView = ({ block }: { block: DiffBlock }) => {
  const { t } = useTranslation();
  if (block.op === 'changed') {
    return (
      <p className="history-diff-block history-diff-changed">
        {block.parts.map((part, i) =>
          part.added ? (
            <ins key={i}>{part.text}</ins>
          ) : part.removed ? (
            <del key={i}>{part.text}</del>
          ) : (
            <span key={i}>{part.text}</span>
          ),
        )}
      </p>
    );
  }
  const label = block.op === 'added' ? t('editor.history.added') : t('editor.history.removed');
  return (
    <p className={`history-diff-block history-diff-${block.op}`}>
      {block.op !== 'same' && <span className="history-diff-label">{label}</span>}
      {block.op === 'removed' ? (
        <del>{block.text}</del>
      ) : block.op === 'added' ? (
        <ins>{block.text}</ins>
      ) : (
        block.text
      )}
    </p>
  );
};

/** A text diff, block by block (the lesson history, the course change lists). */
export const DiffBlocksView = ({ blocks, label }: { blocks: DiffBlock[]; label?: string }) => (
  <div className="history-diff" aria-label={label}>
    {blocks.map((block, i) => (
      <DiffBlockView key={i} block={block} />
    ))}
  </div>
);
