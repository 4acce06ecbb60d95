import { BoldOutlined } from '@ant-design/icons';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../../lib/i18n/index.ts';
import { TestProviders } from '../../../../test/test-providers.tsx';
import type { SaveState } from '../../save/save-state.ts';
import type { CollabStatus } from '../collab/collab-state.ts';
import { ToolButton } from '../tool-button.tsx';
import { ariaShortcut, shortcutLabel } from './shortcut-label.ts';
import { useSaveShortcut } from './use-save-shortcut.ts';

describe('shortcut labels', () => {
  it('read Ctrl+… on Windows and Linux, ⌘… on a Mac', () => {
    expect(shortcutLabel('Mod-b', false)).toBe('Ctrl+B');
    expect(shortcutLabel('Mod-Shift-s', false)).toBe('Ctrl+Shift+S');
    expect(shortcutLabel('Mod-Alt-c', false)).toBe('Ctrl+Alt+C');
    expect(shortcutLabel('Mod-b', true)).toBe('⌘B');
    expect(shortcutLabel('Mod-Shift-s', true)).toBe('⇧⌘S');
    expect(shortcutLabel('Mod-Alt-c', true)).toBe('⌥⌘C');
    expect(ariaShortcut('Mod-Shift-8', false)).toBe('Control+Shift+8');
    expect(ariaShortcut('Mod-b', true)).toBe('Meta+B');
  });

  it('show in a toolbar button’s tooltip and its aria-keyshortcuts', async () => {
    render(
      <TestProviders>
        <ToolButton label="粗体" icon={<BoldOutlined />} shortcut="Mod-b" onClick={() => undefined} />
      </TestProviders>,
    );
    const button = screen.getByRole('button', { name: '粗体' });
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+B');
    fireEvent.mouseEnter(button);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '粗体 (Ctrl+B)');
  });
});

type Props = { collab: CollabStatus; meta: SaveState['status']; flush: () => Promise<unknown> };
const Harness = (props: Props) => {
  useSaveShortcut({ ...props, collabText: '离线（修改会在恢复连接后同步）' });
  return <p>课时</p>;
};
const page = (props: Props) => {
  const view = render(
    <TestProviders>
      <Harness {...props} />
    </TestProviders>,
  );
  return (next: Props) =>
    view.rerender(
      <TestProviders>
        <Harness {...next} />
      </TestProviders>,
    );
};
const press = (init: KeyboardEventInit) => {
  const event = new KeyboardEvent('keydown', { key: 's', bubbles: true, cancelable: true, ...init });
  act(() => {
    screen.getByText('课时').dispatchEvent(event);
  });
  return event;
};

describe('Ctrl/Cmd+S in the lesson editor', () => {
  it('keeps the browser’s save dialog shut, saves what is pending and says 已保存 once all is on the server', async () => {
    const flush = vi.fn(() => Promise.resolve());
    const update = page({ collab: { kind: 'syncing' }, meta: 'dirty', flush });
    expect(press({ ctrlKey: true }).defaultPrevented).toBe(true);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('已保存（课时内容随写随存）')).toBeNull();
    update({ collab: { kind: 'synced' }, meta: 'saved', flush });
    await screen.findByText('已保存（课时内容随写随存）');
  });

  it('takes Cmd+S too, and says why nothing is saved while offline', async () => {
    const flush = vi.fn(() => Promise.resolve());
    page({ collab: { kind: 'offline' }, meta: 'saved', flush });
    expect(press({ metaKey: true }).defaultPrevented).toBe(true);
    await screen.findByText('离线（修改会在恢复连接后同步）');
  });

  it('leaves other keys alone', () => {
    const flush = vi.fn(() => Promise.resolve());
    page({ collab: { kind: 'synced' }, meta: 'saved', flush });
    expect(press({}).defaultPrevented).toBe(false);
    expect(press({ ctrlKey: true, shiftKey: true }).defaultPrevented).toBe(false);
    expect(flush).not.toHaveBeenCalled();
  });
});
