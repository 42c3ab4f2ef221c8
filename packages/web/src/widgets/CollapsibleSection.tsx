import { Collapse } from 'antd';
import type { ReactNode } from 'react';

/**
 * A titled block the user can fold away. The content stays mounted when folded (form fields keep
 * their values and rules). `id` is the scroll anchor the side navigation points at.
 */
export function CollapsibleSection({
  id,
  title,
  children,
  defaultOpen = true,
  testId,
  extra,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  testId?: string;
  extra?: ReactNode;
}) {
  return (
    <section id={id} data-testid={testId} className="collapsible-section">
      <Collapse
        defaultActiveKey={defaultOpen ? [id] : []}
        items={[{ key: id, label: <span className="collapsible-section-title">{title}</span>, children, forceRender: true, extra }]}
      />
    </section>
  );
}
