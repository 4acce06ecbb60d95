import { Empty, Typography } from 'antd';
import type { ReactNode } from 'react';

/** An empty list that says what to do next: a title, a hint and an action. */
export const StoreEmpty = ({
  title,
  desc,
  children,
}: {
  title: string;
  desc: string;
  children?: ReactNode;
}) => (
  <Empty
    description={
      <>
        <div style={{ fontSize: 16, color: 'rgba(0,0,0,0.88)' }}>{title}</div>
        <Typography.Text type="secondary">{desc}</Typography.Text>
      </>
    }
  >
    {children}
  </Empty>
);
