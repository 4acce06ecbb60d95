import { Code } from '@studio/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { Autosave, InvalidInputError } from './autosave.ts';
import { hasUnsaved, initialSaveState, saveReducer } from './save-state.ts';

describe('save reducer', () => {
  it('goes dirty on edit, saving on start, saved on success with the new version', () => {
    let s = initialSaveState(3);
    s = saveReducer(s, { type: 'edit' });
    expect(s.status).toBe('dirty');
    s = saveReducer(s, { type: 'start' });
    expect(s.status).toBe('saving');
    s = saveReducer(s, { type: 'success', version: 4, at: 100 });
    expect(s).toMatchObject({ status: 'saved', version: 4, savedAt: 100 });
    expect(hasUnsaved(s)).toBe(false);
  });

  it('stays dirty when edits arrive while a save is in flight', () => {
    let s = saveReducer(saveReducer(initialSaveState(1), { type: 'edit' }), { type: 'start' });
    s = saveReducer(s, { type: 'edit' });
    expect(s.status).toBe('saving');
    s = saveReducer(s, { type: 'success', version: 2, at: 1 });
    expect(s.status).toBe('dirty');
    expect(s.version).toBe(2);
  });

  it('keeps a conflict open through edits until reset, and does not start saves meanwhile', () => {
    let s = saveReducer(saveReducer(initialSaveState(1), { type: 'edit' }), { type: 'start' });
    s = saveReducer(s, { type: 'conflict' });
    s = saveReducer(s, { type: 'edit' });
    expect(s.status).toBe('conflict');
    expect(saveReducer(s, { type: 'start' })).toBe(s);
    s = saveReducer(s, { type: 'reset', version: 5, at: 9 });
    expect(s).toMatchObject({ status: 'saved', version: 5 });
    expect(hasUnsaved(s)).toBe(false);
  });

  it('rebases unsaved edits on a newer version', () => {
    let s = saveReducer(saveReducer(initialSaveState(1), { type: 'edit' }), { type: 'start' });
    s = saveReducer(saveReducer(s, { type: 'conflict' }), { type: 'rebase', version: 7 });
    expect(s).toMatchObject({ status: 'dirty', version: 7 });
    expect(hasUnsaved(s)).toBe(true);
  });
});

describe('autosave controller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('debounces edits into one save, sending the base version and keeping the answer', async () => {
    let version = 1;
    const save = vi.fn(async (v: number) => {
      expect(v).toBe(version);
      version = v + 1;
      return { version, updateTime: 1000 };
    });
    const auto = new Autosave({ version: 1, delayMs: 1500, save });
    auto.edit();
    await vi.advanceTimersByTimeAsync(1000);
    auto.edit();
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(600);
    expect(save).toHaveBeenCalledTimes(1);
    expect(auto.getState()).toMatchObject({ status: 'saved', version: 2 });
    auto.edit();
    await auto.flush();
    expect(save).toHaveBeenLastCalledWith(2);
    expect(auto.getState().version).toBe(3);
  });

  it('never overlaps saves: a flush during a save runs after it', async () => {
    let release: (() => void) | undefined;
    const save = vi.fn(
      (v: number) =>
        new Promise<{ version: number; updateTime: number }>((resolve) => {
          release = () => resolve({ version: v + 1, updateTime: 1 });
        }),
    );
    const auto = new Autosave({ version: 1, delayMs: 1500, save });
    auto.edit();
    const first = auto.flush();
    auto.edit();
    void auto.flush();
    expect(save).toHaveBeenCalledTimes(1);
    release?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(2);
    release?.();
    await first;
    expect(auto.getState()).toMatchObject({ status: 'saved', version: 3 });
  });

  it('stops on 409 and reports the conflict once, without retrying', async () => {
    const onConflict = vi.fn();
    const onError = vi.fn();
    const save = vi.fn(() => Promise.reject(new ApiError(Code.CONFLICT, 'conflict')));
    const auto = new Autosave({ version: 1, delayMs: 100, save, onConflict, onError });
    auto.edit();
    await vi.advanceTimersByTimeAsync(200);
    auto.edit();
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(1);
    expect(onConflict).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(auto.getState().status).toBe('conflict');
  });

  it('reports other failures as 保存失败 and saves again on the next edit', async () => {
    const onError = vi.fn();
    const save = vi
      .fn<(v: number) => Promise<{ version: number; updateTime: number }>>()
      .mockRejectedValueOnce(new ApiError(500, 'boom'))
      .mockResolvedValueOnce({ version: 2, updateTime: 1 });
    const auto = new Autosave({ version: 1, delayMs: 100, save, onError });
    auto.edit();
    await vi.advanceTimersByTimeAsync(150);
    expect(auto.getState().status).toBe('error');
    expect(onError).toHaveBeenCalledTimes(1);
    auto.edit();
    await vi.advanceTimersByTimeAsync(150);
    expect(auto.getState()).toMatchObject({ status: 'saved', version: 2 });
  });

  it('marks invalid input without calling it a failure', async () => {
    const onError = vi.fn();
    const auto = new Autosave({
      version: 1,
      delayMs: 100,
      save: () => Promise.reject(new InvalidInputError()),
      onError,
    });
    auto.edit();
    await auto.flush();
    expect(auto.getState().status).toBe('invalid');
    expect(onError).not.toHaveBeenCalled();
  });
});
