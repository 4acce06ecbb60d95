import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { ariaShortcut, shortcutLabel } from './shortcuts/shortcut-label.ts';

/**
 * A toolbar button: icon only, named for assistive technology, pressed state for toggles; its tooltip
 * names its keyboard shortcut (粗体 (Ctrl+B), ⌘B on a Mac), also given as aria-keyshortcuts.
 */
export const ToolButton = ({
  label,
  icon,
  active,
  disabled,
  shortcut,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  /** Tiptap's keymap name, e.g. `Mod-b` (shortcuts/shortcut-label.ts). */
  shortcut?: string;
  onClick: () => void;
}) => (
  <Tooltip title={shortcut ? `${label} (${shortcutLabel(shortcut)})` : label} mouseEnterDelay={0.4}>
    <Button
      aria-keyshortcuts={shortcut ? ariaShortcut(shortcut) : undefined}
      type={active ? 'primary' : 'text'}
      ghost={active}
      size="small"
      icon={icon}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // Keep the selection in the editor while clicking.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    />
  </Tooltip>
);

/** A glyph standing in for an icon antd does not have (quote, code block). */
export const Glyph = ({ children }: { children: string }) => (
  <span aria-hidden style={{ fontWeight: 700, fontSize: 13, lineHeight: 1 }}>
    {children}
  </span>
);
