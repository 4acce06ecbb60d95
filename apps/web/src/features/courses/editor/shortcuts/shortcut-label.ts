/**
 * Keyboard shortcuts as the toolbar's tooltips show them: `Mod-Shift-s` reads "Ctrl+Shift+S" on
 * Windows and Linux and "⇧⌘S" on a Mac (Apple's order of modifier symbols). `Mod` is Tiptap's
 * name for Cmd on a Mac and Ctrl elsewhere, as in its keymaps.
 */
export const isMac = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.userAgent);

const MAC_ORDER = ['Ctrl', 'Alt', 'Shift', 'Mod'] as const;
const MAC_SYMBOL: Record<(typeof MAC_ORDER)[number], string> = { Ctrl: '⌃', Alt: '⌥', Shift: '⇧', Mod: '⌘' };

export function shortcutLabel(keys: string, mac = isMac()): string {
  const parts = keys.split('-');
  const key = (parts.pop() ?? '').toUpperCase();
  if (mac)
    return (
      MAC_ORDER.filter((m) => parts.includes(m))
        .map((m) => MAC_SYMBOL[m])
        .join('') + key
    );
  return [...parts.map((m) => (m === 'Mod' ? 'Ctrl' : m)), key].join('+');
}

/** The same shortcut for `aria-keyshortcuts` (WAI-ARIA names: Control, Meta, Alt, Shift). */
export function ariaShortcut(keys: string, mac = isMac()): string {
  const parts = keys.split('-');
  const key = (parts.pop() ?? '').toUpperCase();
  const names = parts.map((m) => (m === 'Mod' ? (mac ? 'Meta' : 'Control') : m === 'Ctrl' ? 'Control' : m));
  return [...names, key].join('+');
}

/** Tiptap's own shortcuts for what the toolbar does (StarterKit and the history). */
export const SHORTCUTS = {
  bold: 'Mod-b',
  italic: 'Mod-i',
  underline: 'Mod-u',
  strike: 'Mod-Shift-s',
  code: 'Mod-e',
  bulletList: 'Mod-Shift-8',
  orderedList: 'Mod-Shift-7',
  blockquote: 'Mod-Shift-b',
  codeBlock: 'Mod-Alt-c',
  undo: 'Mod-z',
  redo: 'Mod-Shift-z',
  save: 'Mod-s',
} as const;
