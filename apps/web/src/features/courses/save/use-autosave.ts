import { useEffect, useState, useSyncExternalStore } from 'react';
import { Autosave, type AutosaveOptions } from './autosave.ts';
import type { SaveState } from './save-state.ts';

/**
 * One Autosave controller for the component's life. The save function and callbacks are handed over
 * after every render, so a save always sends what is on screen now.
 */
export const useAutosave = (options: AutosaveOptions): { autosave: Autosave; state: SaveState } => {
  const [autosave] = useState(() => new Autosave(options));
  useEffect(() => {
    autosave.setOptions(options);
  });
  useEffect(() => () => autosave.dispose(), [autosave]);
  const state = useSyncExternalStore(autosave.subscribe, autosave.getState);
  return { autosave, state };
};
