// The questionnaire editor's fixed save bar never hides the field that has the keyboard focus (WCAG 2.4.11).
// Chromium does not scroll a focused field that is already on screen even when the bar covers it (scroll-padding
// is not consulted then), and cards drawn as they come near the screen (their rich-text editors start late) can
// push a focused field under the bar after it got the focus: the field is lifted when either happens.
import { useEffect, type RefObject } from 'react';

const SAVE_BAR = '.questionnaire-save-bar';
/** Room kept between the lifted field and the bar, in pixels. */
const MARGIN = 16;

function lift(field: Element): void {
  const bar = document.querySelector(SAVE_BAR);
  if (!bar) return;
  const box = field.getBoundingClientRect();
  const covered = box.bottom - bar.getBoundingClientRect().top;
  if (covered <= 0) return;
  // A field taller than the room above the bar keeps its top on screen.
  const step = Math.min(covered + MARGIN, box.top - MARGIN);
  // Instant: a smooth scroll still under way would make the next check lift the field a second time.
  if (step > 0) window.scrollBy({ top: step, behavior: 'instant' });
}

/** Keeps the focused field inside `editor` above the save bar. Dialogs drawn over the bar are outside `editor`. */
export function useFocusAboveSaveBar(editor: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const liftFocused = () => {
      const field = document.activeElement;
      if (field && field !== document.body && editor.current?.contains(field)) lift(field);
    };
    document.addEventListener('focusin', liftFocused);
    // The page's height changes when cards are drawn or editors start: check the focused field again then.
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(liftFocused);
    if (editor.current) resizes?.observe(editor.current);
    return () => {
      document.removeEventListener('focusin', liftFocused);
      resizes?.disconnect();
    };
  }, [editor]);
}
