// The researcher's rich text (the consent form), sanitised in the browser with the shared allow-list, as the
// portal does. The one place the app sanitises: when src/ui/richText/ has sanitizeForView, this imports it.
import DOMPurify from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_CLASS_PATTERN, RICH_TEXT_TAGS } from '../../shared/richText';

const allowedAttributes = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

let hooked = false;

export function sanitizeRichText(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
      if (data.attrName === 'class') data.attrValue = data.attrValue.split(/\s+/).filter((c) => RICH_TEXT_CLASS_PATTERN.test(c)).join(' ');
    });
  }
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR: allowedAttributes, ADD_ATTR: ['target'] });
}

export function RichText({ html, id }: { html: string; id?: string }) {
  return <div id={id} className="rich-text" dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
