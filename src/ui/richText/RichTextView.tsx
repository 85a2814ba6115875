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

export function sanitizeForView(html: string): string {
  return purifier().sanitize(html, { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR: allowedAttributes, ADD_ATTR: ['target'] });
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
