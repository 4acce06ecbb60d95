import { Code } from '@studio/contract/constants';
import { isApiError } from '../../../lib/api-error.ts';
import { canStartSave, initialSaveState, saveReducer, type SaveEvent, type SaveState } from './save-state.ts';

/** Thrown by a save function when the form does not validate: nothing was sent. */
export class InvalidInputError extends Error {
  constructor() {
    super('invalid input');
    this.name = 'InvalidInputError';
  }
}

export interface AutosaveOptions {
  version: number;
  savedAt?: number | null;
  /** Quiet time after the last edit before saving. */
  delayMs: number;
  /** Sends the current content on `version`; answers the new version. */
  save: (version: number) => Promise<{ version: number; updateTime: number }>;
  onConflict?: () => void;
  /** Any other failure (the request client was told to stay silent, so the caller shows it). */
  onError?: (error: unknown) => void;
  onSaved?: (state: SaveState) => void;
}

/**
 * Debounced autosave around the save reducer: edits schedule a save `delayMs` after the last one,
 * `flush` saves at once (Ctrl/Cmd+S), a save never overlaps another, and edits made during a save
 * are saved right after it. A 409 answer stops autosaving until the conflict is resolved.
 */
export class Autosave {
  private state: SaveState;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private again = false;
  private readonly listeners = new Set<() => void>();

  constructor(private options: AutosaveOptions) {
    this.state = initialSaveState(options.version, options.savedAt ?? null);
  }

  getState = (): SaveState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The save function and callbacks change with every render; the controller keeps the latest. */
  setOptions(options: Partial<AutosaveOptions>): void {
    this.options = { ...this.options, ...options };
  }

  private dispatch(event: SaveEvent): void {
    const next = saveReducer(this.state, event);
    if (next === this.state) return;
    this.state = next;
    this.listeners.forEach((l) => l());
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  edit(): void {
    this.dispatch({ type: 'edit' });
    this.clearTimer();
    if (this.state.status !== 'conflict') {
      this.timer = setTimeout(() => void this.flush(), this.options.delayMs);
    }
  }

  /** Saves now if anything is unsaved; resolves when the state has settled. */
  async flush(): Promise<void> {
    this.clearTimer();
    if (this.state.inFlightSeq !== null) {
      this.again = true;
      return;
    }
    if (!canStartSave(this.state)) return;
    this.dispatch({ type: 'start' });
    try {
      const answer = await this.options.save(this.state.version);
      this.dispatch({ type: 'success', version: answer.version, at: answer.updateTime });
      this.options.onSaved?.(this.state);
    } catch (error) {
      if (error instanceof InvalidInputError) this.dispatch({ type: 'invalid' });
      else if (isApiError(error) && error.code === Code.CONFLICT) {
        this.dispatch({ type: 'conflict' });
        this.again = false;
        this.options.onConflict?.();
        return;
      } else {
        this.dispatch({ type: 'failure' });
        this.options.onError?.(error);
      }
      this.again = false;
      return;
    }
    // Edits typed during the save have their own timer; an explicit flush asked meanwhile runs now.
    if (this.again) {
      this.again = false;
      await this.flush();
    }
  }

  /** After reloading from the server: clean at `version`. */
  reset(version: number, at: number | null = null): void {
    this.clearTimer();
    this.again = false;
    this.dispatch({ type: 'reset', version, at });
  }

  /** Keep the unsaved edits but base them on `version` (used to overwrite after a conflict). */
  rebase(version: number): void {
    this.dispatch({ type: 'rebase', version });
  }

  dispose(): void {
    this.clearTimer();
    this.listeners.clear();
  }
}
