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
