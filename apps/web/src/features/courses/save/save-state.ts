/**
 * The save state of an autosaving editor (course info, lesson), as a pure reducer. Every edit bumps
 * `editSeq`; a save covers the edits made before it started, so edits typed while a save is on its
 * way leave the state dirty afterwards instead of being reported as saved.
 */
export type SaveStatus = 'saved' | 'dirty' | 'saving' | 'invalid' | 'error' | 'conflict';

export interface SaveState {
  status: SaveStatus;
  /** The server version the edits are based on; sent with the next save. */
  version: number;
  editSeq: number;
  savedSeq: number;
  /** The editSeq a save in flight covers, or null. */
  inFlightSeq: number | null;
  savedAt: number | null;
}

export type SaveEvent =
  | { type: 'edit' }
  | { type: 'start' }
  | { type: 'success'; version: number; at: number }
  | { type: 'invalid' }
  | { type: 'failure' }
  | { type: 'conflict' }
  /** Loaded from the server again (reload after a conflict): clean, at that version. */
  | { type: 'reset'; version: number; at: number | null }
  /** The version moved on without our edits being saved (keep mine after a conflict). */
  | { type: 'rebase'; version: number };

export const initialSaveState = (version: number, savedAt: number | null = null): SaveState => ({
  status: 'saved',
  version,
  editSeq: 0,
  savedSeq: 0,
  inFlightSeq: null,
  savedAt,
});

export const hasUnsaved = (s: SaveState): boolean => s.editSeq > s.savedSeq;

/** A save may start: something is unsaved, nothing is in flight, and no conflict is open. */
export const canStartSave = (s: SaveState): boolean =>
  hasUnsaved(s) && s.inFlightSeq === null && s.status !== 'conflict';

export const saveReducer = (s: SaveState, event: SaveEvent): SaveState => {
  switch (event.type) {
    case 'edit':
      return {
        ...s,
        editSeq: s.editSeq + 1,
        // A conflict stays open until the user decides; a save in flight keeps showing 保存中.
        status: s.status === 'conflict' || s.status === 'saving' ? s.status : 'dirty',
      };
    case 'start':
      if (!canStartSave(s)) return s;
      return { ...s, status: 'saving', inFlightSeq: s.editSeq };
    case 'success': {
      if (s.inFlightSeq === null) return s;
      const savedSeq = s.inFlightSeq;
      return {
        ...s,
        version: event.version,
        savedSeq,
        inFlightSeq: null,
        savedAt: event.at,
        status: s.editSeq > savedSeq ? 'dirty' : 'saved',
      };
    }
    case 'invalid':
      return { ...s, inFlightSeq: null, status: 'invalid' };
    case 'failure':
      return { ...s, inFlightSeq: null, status: 'error' };
    case 'conflict':
      return { ...s, inFlightSeq: null, status: 'conflict' };
    case 'reset':
      return { ...initialSaveState(event.version, event.at), editSeq: s.editSeq, savedSeq: s.editSeq };
    case 'rebase':
      return { ...s, version: event.version, inFlightSeq: null, status: 'dirty' };
  }
};
