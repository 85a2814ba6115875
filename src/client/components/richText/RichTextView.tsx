// Shows stored rich text. It was sanitised by the server already; the browser sanitises again with the same
// allow-list, so a view never depends on where the HTML came from.
import DOMPurify from 'dompurify';
import 'quill/dist/quill.core.css';
import './richText.css';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_CLASS_PATTERN, RICH_TEXT_TAGS } from '../../../shared/richText';

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

export function RichTextView({ html, className }: { html: string; className?: string }) {
  return <div className={`ql-editor rich-text-view ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: sanitizeForView(html) }} />;
}
