// Sanitises rich text before it is stored, with the shared allow-list, so that what participants see can
// never run a script.
import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_CLASS_PATTERN,
  RICH_TEXT_COLOR_PATTERN,
  RICH_TEXT_FRAME_SCHEMES,
  RICH_TEXT_IMAGE_SCHEMES,
  RICH_TEXT_LINK_SCHEMES,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
} from '../../../shared/richText';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedClasses: { '*': [RICH_TEXT_CLASS_PATTERN] },
  allowedStyles: { '*': Object.fromEntries(RICH_TEXT_STYLES.map((s) => [s, [RICH_TEXT_COLOR_PATTERN]])) },
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...RICH_TEXT_IMAGE_SCHEMES], iframe: [...RICH_TEXT_FRAME_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open in a new tab without giving the opened page a handle on ours.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
