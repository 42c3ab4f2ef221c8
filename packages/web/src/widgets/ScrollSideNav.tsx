import { Anchor } from 'antd';
import type { ReactNode } from 'react';

/** Header height of the shells: anchors land below it. */
const OFFSET = 72;

/** A side navigation that follows scrolling and jumps to the sections (anchors `#<id>`). */
export function ScrollSideNav({
  items,
  title,
  testId = 'form-sidenav',
  getContainer,
}: {
  items: { id: string; title: ReactNode }[];
  title?: ReactNode;
  testId?: string;
  getContainer?: () => HTMLElement | Window;
}) {
  return (
    <nav data-testid={testId} className="scroll-side-nav" aria-label={typeof title === 'string' ? title : undefined}>
      {title && <div className="scroll-side-nav-title">{title}</div>}
      <Anchor
        offsetTop={OFFSET}
        targetOffset={OFFSET}
        getContainer={getContainer}
        affix={false}
        items={items.map((i) => ({ key: i.id, href: `#${i.id}`, title: i.title }))}
        // Scroll without touching the router's history entries.
        onClick={(e) => e.preventDefault()}
      />
    </nav>
  );
}
