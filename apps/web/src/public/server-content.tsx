import type { DocNode } from '@studio/contract';
import { highlightCode } from '../components/content-view/code-highlight.ts';
import { renderDocHtml } from '../components/content-view/render-html.ts';
import type { ContentPlace } from '../screens/parts.tsx';
import { useWords } from '../screens/words.tsx';

/**
 * Lesson content on the server: the app's own renderer (whitelist, schema HTML, every value escaped).
 * Code is coloured here, so the visitor's page loads no highlighter.
 */
export const ServerLessonContent = ({ doc, place }: { doc: DocNode; place?: ContentPlace }) => {
  const { t } = useWords();
  const mediaPlayLabel = (kind: 'video' | 'audio', title: string) =>
    t(kind === 'video' ? 'mediaPlayer.playVideo' : 'mediaPlayer.playAudio', {
      title: title || t('mediaPlayer.untitled'),
    });
  return (
    <div
      className="content-view"
      // Media blocks play in this lesson: the page's script reads these when a play button is pressed.
      data-media-course={place?.courseId}
      data-media-lesson={place?.lessonId}
      data-media-paid={place ? String(place.paid) : undefined}
      data-media-share={place?.shareId}
      // Safe: renderDocHtml keeps whitelisted nodes and checked URLs only and escapes every value.
      dangerouslySetInnerHTML={{
        __html: renderDocHtml(doc, { words: (key) => t(key), highlight: highlightCode, mediaPlayLabel }),
      }}
    />
  );
};
