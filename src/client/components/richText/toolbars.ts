// The editor's toolbars: the consent form's full set (part 1 section 2) and the questions' set (part 2 2.4),
// with the font and size whitelists of part 2 section 9.
export const FONT_WHITELIST = ['arial', 'comic-sans', 'courier-new', 'georgia', 'helvetica', 'lucida'] as const;
export const SIZE_WHITELIST = ['extra-small', 'small', 'medium', 'large'] as const;

type ToolbarRow = (string | Record<string, unknown>)[];

export const CONSENT_TOOLBAR: ToolbarRow[] = [
  [{ font: [false, ...FONT_WHITELIST] }, { size: [false, ...SIZE_WHITELIST] }, { header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  [{ script: 'sub' }, { script: 'super' }, 'blockquote', { align: [] }],
  [{ color: [] }, { background: [] }],
  ['link', 'image', 'video', 'formula', 'code-block'],
  ['undo', 'redo'],
];

export const QUESTION_TOOLBAR: ToolbarRow[] = [
  [{ font: [false, ...FONT_WHITELIST] }, { size: [false, ...SIZE_WHITELIST] }, { header: [1, 2, 3, false] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'image'],
  ['undo', 'redo'],
];

export type ToolbarKind = 'consent' | 'question';

export const TOOLBARS: Record<ToolbarKind, ToolbarRow[]> = { consent: CONSENT_TOOLBAR, question: QUESTION_TOOLBAR };

/**
 * What a screen reader says for each control, and its tooltip: a button by its format, or by format and value
 * ("list ordered"); a picker by its format.
 */
export const CONTROL_NAMES: Record<string, string> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  'list ordered': 'Numbered list',
  'list bullet': 'Bulleted list',
  'indent -1': 'Decrease indent',
  'indent +1': 'Increase indent',
  'script sub': 'Subscript',
  'script super': 'Superscript',
  blockquote: 'Quote',
  link: 'Link',
  image: 'Image',
  video: 'Video',
  formula: 'Formula',
  'code-block': 'Code block',
  undo: 'Undo',
  redo: 'Redo',
  font: 'Font',
  size: 'Size',
  header: 'Heading',
  align: 'Alignment',
  color: 'Text colour',
  background: 'Background colour',
};

const FONT_NAMES: Record<string, string> = {
  arial: 'Arial',
  'comic-sans': 'Comic Sans',
  'courier-new': 'Courier New',
  georgia: 'Georgia',
  helvetica: 'Helvetica',
  lucida: 'Lucida',
};
const SIZE_NAMES: Record<string, string> = { 'extra-small': 'Extra small', small: 'Small', medium: 'Medium', large: 'Large' };
const ALIGN_NAMES: Record<string, string> = { center: 'Centre', right: 'Right', justify: 'Justify' };

/** The name of one choice in a picker; value '' is the picker's default (Quill's `false`). */
export function pickerItemName(format: string, value: string): string {
  switch (format) {
    case 'font':
      return FONT_NAMES[value] ?? 'Default';
    case 'size':
      return SIZE_NAMES[value] ?? 'Normal';
    case 'header':
      return value ? `Heading ${value}` : 'Normal';
    case 'align':
      return ALIGN_NAMES[value] ?? 'Left';
    default:
      return value || 'Default';
  }
}
