import type { IconDefinition } from '@ant-design/icons-svg/es/types';

interface Node {
  tag: string;
  attrs: Record<string, string>;
  children?: Node[];
}

function draw(n: Node, key?: number): React.ReactElement {
  const Tag = n.tag as 'path';
  return (
    <Tag key={key} {...n.attrs}>
      {n.children?.map(draw)}
    </Tag>
  );
}

/**
 * One of antd's icons drawn from its SVG definition (@ant-design/icons-svg), without the icon
 * component library: the engineer app's list screen carries no antd code (engineer-main.tsx).
 */
export function Icon({ def }: { def: IconDefinition }) {
  const icon = def.icon as unknown as Node;
  return (
    <svg
      className="eapp-icon"
      viewBox={icon.attrs.viewBox}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {icon.children?.map(draw)}
    </svg>
  );
}
