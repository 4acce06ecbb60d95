import type { AiAssistAction } from '@studio/contract';
import type { Editor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../lib/i18n/index.ts';
import { streamAssist } from './assist-stream.ts';
import { ASSIST_INPUT_MAX, assistInput, startAssist } from './assist-writer.ts';

export interface AssistFailure {
  message: string;
  /** Part of the text made it into the lesson (and one undo removes it). */
  kept: boolean;
}

export interface AiAssist {
  /** The action being written, while a run streams. */
  running: AiAssistAction | null;
  failure: AssistFailure | null;
  run: (action: AiAssistAction) => void;
  stop: () => void;
  dismiss: () => void;
  /** The text the action would be sent now (the selection, or the lesson), null when it cannot run. */
  inputOf: (action: AiAssistAction) => string | null;
}

/**
 * The editor's AI assist: one run at a time, streamed into the lesson while the editor is locked
 * (so the preview is the only change), then written as one undo step that autosave picks up.
 */
export const useAiAssist = (
  editor: Editor,
  editable: boolean,
  /** Before the text is touched: the lesson's history keeps what was there (never blocks the run). */
  beforeRun: () => Promise<void> = () => Promise.resolve(),
): AiAssist => {
  const { t } = useTranslation();
  const [running, setRunning] = useState<AiAssistAction | null>(null);
  const [failure, setFailure] = useState<AssistFailure | null>(null);
  const runRef = useRef<AbortController | null>(null);
  const editableRef = useRef(editable);
  const mountedRef = useRef(true);

  useEffect(() => {
    editableRef.current = editable;
    if (!editable) runRef.current?.abort();
  }, [editable]);
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      runRef.current?.abort();
    };
  }, []);

  const run = async (action: AiAssistAction) => {
    if (runRef.current || !editableRef.current) return;
    const started = startAssist(editor, action);
    if ('problem' in started) {
      setFailure({ message: t(`editor.assist.${started.problem}`, { max: ASSIST_INPUT_MAX }), kept: false });
      return;
    }
    const controller = new AbortController();
    runRef.current = controller;
    setFailure(null);
    setRunning(action);
    editor.setEditable(false, false);
    await beforeRun().catch(() => undefined);
    const outcome = await streamAssist(
      { action, text: started.writer.input, language: currentLang() },
      {
        onText: (text) => {
          if (!editor.isDestroyed) started.writer.preview(text);
        },
        signal: controller.signal,
      },
    );
    runRef.current = null;
    // Left the page meanwhile: the preview was never an edit, so nothing is saved.
    if (!mountedRef.current) return;
    setRunning(null);
    if (editor.isDestroyed) return;
    editor.setEditable(editableRef.current, false);
    // Turned read-only meanwhile (the team expired): the preview goes, nothing is written.
    const kept = started.writer.commit(editableRef.current ? outcome.text : '');
    if (outcome.kind === 'failed') {
      setFailure({ message: outcome.message ?? t('editor.assist.interrupted'), kept });
    }
    // Focused now, not in Tiptap's next animation frame (commands.focus waits for one): a person
    // who types as soon as the assist stops must not lose the first keys (the failure journey did).
    if (editableRef.current) editor.view.focus();
  };

  return {
    running,
    failure,
    run: (action) => void run(action),
    stop: () => runRef.current?.abort(),
    dismiss: () => setFailure(null),
    inputOf: (action) => {
      if (editor.isDestroyed) return null;
      const found = assistInput(editor.state, action);
      return 'input' in found ? found.input : null;
    },
  };
};
