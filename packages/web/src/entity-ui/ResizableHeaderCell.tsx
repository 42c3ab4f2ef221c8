import { useRef, type ThHTMLAttributes } from 'react';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './column-widths.ts';

export interface ResizableHeaderProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** Set through the column's onHeaderCell; absent on columns that do not resize (actions). */
  resizeWidth?: number;
  onResized?: (width: number) => void;
  resizeLabel?: string;
}

/**
 * A table header cell with a drag handle on its right edge: dragging shows the new width at once
 * (the header's own style) and saves it on release.
 */
export function ResizableHeaderCell({ resizeWidth, onResized, resizeLabel, children, ...rest }: ResizableHeaderProps) {
  const th = useRef<HTMLTableCellElement>(null);
  if (resizeWidth === undefined || !onResized) return <th {...rest}>{children}</th>;
  const start = (ev: React.PointerEvent<HTMLSpanElement>) => {
    ev.preventDefault();
    ev.stopPropagation();
    const x0 = ev.clientX;
    const clamp = (w: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, w)));
    let width = resizeWidth;
    const col = th.current?.closest('table')?.querySelectorAll('col')[th.current.cellIndex] as HTMLElement | undefined;
    const moveTo = (e: PointerEvent) => {
      width = clamp(resizeWidth + e.clientX - x0);
      if (col) col.style.width = `${width}px`;
    };
    const end = () => {
      window.removeEventListener('pointermove', moveTo);
      window.removeEventListener('pointerup', end);
      if (width !== resizeWidth) onResized(width);
    };
    window.addEventListener('pointermove', moveTo);
    window.addEventListener('pointerup', end);
  };
  return (
    <th {...rest} ref={th} className={`${rest.className ?? ''} list-header-cell`}>
      {children}
      {/* Clicking the handle must not sort the column. */}
      <span
        className="list-resize-handle"
        title={resizeLabel}
        data-testid="list-resize-handle"
        onPointerDown={start}
        onClick={(e) => e.stopPropagation()}
      />
    </th>
  );
}
