// Shows stored rich text. It was sanitised by the server already; the browser sanitises again with the same
// allow-list (src/shared/richText.ts), so a view never depends on where the HTML came from. The look of Quill's
// formats comes from the small richTextView.css, not Quill's own stylesheet, so the participant app ships no
// Quill CSS; the portal's editor brings Quill's.
import DOMPurify from 'dompurify';
import { memo, useMemo } from 'react';
import './richTextView.css';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_CLASS_PATTERN, RICH_TEXT_TAGS } from '../../shared/richText';

const allowedAttributes = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

let hooked = false;
function purifier() {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
      if (data.attrName === 'class') {
        data.attrValue = data.attrValue
          .split(/\s+/)
          .filter((c) => RICH_TEXT_CLASS_PATTERN.test(c))
          .join(' ');
      }
    });
  }
  return DOMPurify;
}

// Sanitised texts by their HTML, so that a text is sanitised once however often it is shown: DOMPurify parses
// each text into a document of its own, and a long questionnaire's texts were most of the time it took to open
// on a phone. Bounded, as the portal's editor previews every version of a text as it is typed.
const SANITISED_KEPT = 2000;
const SANITISED_KEPT_LENGTH = 50_000;
const sanitised = new Map<string, string>();

export function sanitizeForView(html: string): string {
  const kept = sanitised.get(html);
  if (kept !== undefined) return kept;
  const clean = purifier().sanitize(html, { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR: allowedAttributes, ADD_ATTR: ['target'] });
  if (html.length <= SANITISED_KEPT_LENGTH) {
    if (sanitised.size >= SANITISED_KEPT) sanitised.delete(sanitised.keys().next().value as string);
    sanitised.set(html, clean);
  }
  return clean;
}

/**
 * How long one slice of sanitising ahead may hold the page: short enough that a phone four times slower than a
 * desktop still answers a tap within a frame or two (a slice of 4 ms here is 16 ms there).
 */
const AHEAD_SLICE_MS = 4;

/** Runs a slice when the page is idle where the browser says so (not in Safari), else at the next turn. */
function whenIdle(slice: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(slice, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(slice, 0);
  return () => clearTimeout(handle);
}

/**
 * Sanitises texts that are about to be shown, a few milliseconds at a time while the page is otherwise idle
 * (e.g. a questionnaire's texts while its task is only listed), so that showing them costs no sanitising.
 * Returns a function that stops what is left.
 */
export function sanitizeAhead(htmls: readonly string[]): () => void {
  const queue = htmls.filter((html) => html && !sanitised.has(html));
  let cancel: (() => void) | null = null;
  const slice = () => {
    const until = performance.now() + AHEAD_SLICE_MS;
    while (queue.length > 0 && performance.now() < until) sanitizeForView(queue.shift() as string);
    cancel = queue.length > 0 ? whenIdle(slice) : null;
  };
  if (queue.length > 0) cancel = whenIdle(slice);
  return () => {
    cancel?.();
    queue.length = 0;
  };
}

interface RichTextViewProps {
  html: string;
  className?: string;
  id?: string;
}

// Sanitised once per text, not again on every render around it (a questionnaire re-renders as it is answered).
export const RichTextView = memo(function RichTextView({ html, className, id }: RichTextViewProps) {
  const clean = useMemo(() => sanitizeForView(html), [html]);
  return <div id={id} className={`rich-text-view ${className ?? ''}`.trim()} dangerouslySetInnerHTML={{ __html: clean }} />;
});
