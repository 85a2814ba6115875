// The allow-list of rich text: exactly what the Quill editor's formats produce (fonts, sizes, headers,
// emphasis, lists, indent, script, quote, alignment, colours, links, images, videos, formulas, code blocks).
// The server stores nothing else; the browser renders nothing else.

import { richTextMessages } from './messages/richText';

export const RICH_TEXT_TAGS = [
  'p', 'br', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'a', 'img', 'iframe', 'blockquote',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ol', 'ul', 'li', 'pre', 'code', 'div',
] as const;

export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = {
  '*': ['class'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  iframe: ['src', 'frameborder', 'allowfullscreen'],
  li: ['data-list'],
  span: ['data-value', 'contenteditable', 'style'],
  div: ['data-language', 'spellcheck'],
  p: ['style'],
};

/** Quill's own classes (ql-align-center, ql-indent-2, ql-font-arial, ql-size-large, ql-formula, …) and KaTeX's. */
export const RICH_TEXT_CLASS_PATTERN = /^(ql-[a-z0-9-]+|katex[a-z0-9-]*)$/;

/** Colours only: Quill writes text and background colours as inline styles. */
export const RICH_TEXT_STYLES = ['color', 'background-color'] as const;
export const RICH_TEXT_COLOR_PATTERN = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i;

export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;
/** Images may be embedded (data:) as the editor does by default; frames only over https. */
export const RICH_TEXT_IMAGE_SCHEMES = ['http', 'https', 'data'] as const;
export const RICH_TEXT_FRAME_SCHEMES = ['https'] as const;
/** Image files the editor embeds (as data: addresses), from its Insert Image dialog, a paste or a drop. */
export const RICH_TEXT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

export interface ImageDraft {
  /** The chosen file's type, or null when none is chosen yet. */
  fileType: string | null;
  alt: string;
  /** A decorative image is stored with an empty alt text, which screen readers pass over. */
  decorative: boolean;
}

/** What keeps the Insert Image dialog from inserting, or null. Every image gets a description or is marked decorative. */
export function imageDraftProblem(draft: ImageDraft): string | null {
  if (draft.fileType === null) return richTextMessages.imageFileRequired;
  if (!(RICH_TEXT_IMAGE_TYPES as readonly string[]).includes(draft.fileType)) return richTextMessages.imageFileType;
  if (!draft.decorative && draft.alt.trim() === '') return richTextMessages.imageAltRequired;
  return null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The words of a rich text, for labels and exports (never rendered as HTML): tags become spaces, entities characters. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
