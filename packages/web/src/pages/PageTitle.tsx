import type { ReactNode } from 'react';

/** The screen's heading (one h2 per screen; the header holds the h1). */
export function PageTitle({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <div className="page-header" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      <h2>{children}</h2>
      {extra && <div style={{ marginLeft: 'auto' }}>{extra}</div>}
    </div>
  );
}
