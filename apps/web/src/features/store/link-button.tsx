import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

/** A button that goes to a page inside the app (one control, not a button nested in a link). */
export const LinkButton = ({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) => {
  const navigate = useNavigate();
  return <Button {...props} onClick={() => void navigate(to)} />;
};
