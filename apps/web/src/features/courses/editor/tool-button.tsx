import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** A toolbar button: icon only, named for assistive technology, pressed state for toggles. */
export const ToolButton = ({
  label,
  icon,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) => (
  <Tooltip title={label} mouseEnterDelay={0.4}>
    <Button
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
