// The bars kept at the bottom of the window (the editors' Save Changes bars) mark themselves with this
// attribute, so that what floats bottom-right (the toasts) sits above them instead of covering their buttons.
import { useLayoutEffect, useState } from 'react';

export const BOTTOM_BAR_ATTRIBUTE = 'data-bottom-bar';

/** Props that mark an element as a bar kept at the bottom of the window. */
export const bottomBarProps = { [BOTTOM_BAR_ATTRIBUTE]: '' } as const;

/** Pixels from the window's bottom edge that the marked bars cover now (0 when none is at the bottom). */
export function bottomBarsHeight(): number {
  const viewport = window.innerHeight;
  let covered = 0;
  for (const bar of document.querySelectorAll<HTMLElement>(`[${BOTTOM_BAR_ATTRIBUTE}]`)) {
    const box = bar.getBoundingClientRect();
    // A sticky bar not yet stuck sits lower in the page, or off screen: only what reaches the bottom counts.
    if (box.height > 0 && box.top < viewport && box.bottom >= viewport - 1) covered = Math.max(covered, viewport - box.top);
  }
  return Math.round(covered);
}

/** The height the bottom bars cover, followed through scrolling and resizing while `active`. */
export function useBottomBarsHeight(active: boolean): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!active) return undefined;
    const measure = () => setHeight(bottomBarsHeight());
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [active]);
  return height;
}
