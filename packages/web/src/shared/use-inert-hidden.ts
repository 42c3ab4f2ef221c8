import { useEffect, useState } from 'react';

/**
 * Makes whatever a library hides with aria-hidden="true" inside the element given to the returned
 * ref inert as well (and live again when it shows): a carousel's off-screen slides and their clones
 * are hidden from screen readers, but their buttons could still take keyboard focus — a focus that
 * lands on nothing a reader announces (WCAG 4.1.2, axe's aria-hidden-focus).
 */
export function useInertWhereHidden<T extends HTMLElement>(): (el: T | null) => void {
  const [root, setRoot] = useState<T | null>(null);
  useEffect(() => {
    if (!root) return;
    const sync = () => {
      for (const el of Array.from(root.querySelectorAll<HTMLElement>('[aria-hidden]'))) {
        const hidden = el.getAttribute('aria-hidden') === 'true';
        if (el.hasAttribute('inert') !== hidden) el.toggleAttribute('inert', hidden);
      }
    };
    sync();
    const watch = new MutationObserver(sync);
    watch.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => watch.disconnect();
  }, [root]);
  return setRoot;
}
