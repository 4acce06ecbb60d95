import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from '../../save/save-state.ts';
import type { CollabStatus } from '../collab/collab-state.ts';

/** Ctrl+S, or Cmd+S on a Mac (Tiptap binds neither). */
export const isSaveKey = (e: KeyboardEvent): boolean =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's';

/**
 * Ctrl/Cmd+S on the lesson page: the browser's "save page" dialog never opens. The text is saved as it
 * is typed (the live document), so the key saves a pending title or setting at once and says 已保存
 * when everything has reached the server, or why not yet (offline, refused) in the status's words.
 */
export function useSaveShortcut({
  flush,
  collab,
  collabText,
  meta,
}: {
  flush: () => Promise<unknown>;
  collab: CollabStatus;
  collabText: string;
  meta: SaveState['status'];
}): void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const flushRef = useRef(flush);
  const asked = useRef(false);
  // Bumped by each press, so the answer below is looked at again even when nothing else changed.
  const [presses, setPresses] = useState(0);
  useEffect(() => {
    flushRef.current = flush;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSaveKey(e)) return;
      e.preventDefault();
      asked.current = true;
      setPresses((n) => n + 1);
      void flushRef.current();
    };
    // Captured before anything in the page can stop it.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  useEffect(() => {
    if (!asked.current) return;
    const key = 'save-shortcut';
    if (collab.kind === 'synced' && meta === 'saved') {
      asked.current = false;
      void message.success({ key, content: t('editor.saveShortcut.saved') });
    } else if (collab.kind === 'offline' || collab.kind === 'refused') {
      asked.current = false;
      void message.warning({ key, content: collabText });
    } else if (meta === 'error' || meta === 'conflict') {
      // The page already shows why the settings did not save.
      asked.current = false;
    }
  }, [presses, collab.kind, collabText, meta, message, t]);
}
