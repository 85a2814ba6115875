// The one wrapper around Quill 2. It is loaded lazily (LazyRichTextEditor), so Quill and KaTeX reach only
// the pages that edit rich text. The HTML it hands back is Quill's own, which the server sanitises.
import { useEffect, useRef, useState } from 'react';
import { Delta, type Range } from 'quill';
import type Quill from 'quill';
import 'quill/dist/quill.snow.css';
import 'katex/dist/katex.min.css';
import './richText.css';
import { RICH_TEXT_HISTORY } from '../../../shared/limits';
import { RICH_TEXT_IMAGE_TYPES } from '../../../shared/richText';
import { ImageDialog, type ImageChoice } from './ImageDialog';
import { setUpQuill } from './quillSetup';
import { CONTROL_NAMES, pickerItemName, TOOLBARS, type ToolbarKind } from './toolbars';

export interface RichTextEditorProps {
  value: string;
  onChange(html: string): void;
  toolbar: ToolbarKind;
  readOnly?: boolean;
  /** The accessible name of the editing area. */
  label: string;
  id?: string;
  /** Text to insert where the caret last was (the end when it never was in the editor); a new `key` inserts again. */
  insertion?: TextInsertion | null;
}

export interface TextInsertion {
  text: string;
  key: number;
}

/** Quill names its controls by format ("list: ordered") or not at all: give each one a name and a tooltip. */
function labelToolbar(container: HTMLElement): void {
  container.querySelectorAll<HTMLElement>('.ql-picker').forEach((picker) => {
    const format = formatOf(picker, 'ql-picker');
    const label = picker.querySelector<HTMLElement>('.ql-picker-label');
    label?.setAttribute('aria-label', CONTROL_NAMES[format] ?? format);
    label?.setAttribute('title', CONTROL_NAMES[format] ?? format);
    picker.querySelectorAll<HTMLElement>('.ql-picker-item').forEach((item) => {
      item.setAttribute('aria-label', pickerItemName(format, item.dataset.value ?? ''));
    });
  });
  container.querySelectorAll<HTMLButtonElement>('.ql-toolbar button').forEach((button) => {
    const format = formatOf(button);
    const name = CONTROL_NAMES[button.value ? `${format} ${button.value}` : format] ?? format;
    button.setAttribute('aria-label', name);
    button.setAttribute('title', name);
  });
}

function formatOf(element: HTMLElement, ...except: string[]): string {
  return [...element.classList].find((c) => c.startsWith('ql-') && !except.includes(c))?.slice(3) ?? '';
}

/** A read-only editor's toolbar is out of the tab order and says it is disabled, not just greyed out. */
function enableToolbar(container: HTMLElement, enabled: boolean): void {
  container.querySelectorAll<HTMLButtonElement>('.ql-toolbar button').forEach((button) => {
    button.disabled = !enabled;
  });
  container.querySelectorAll<HTMLElement>('.ql-toolbar .ql-picker-label').forEach((label) => {
    label.tabIndex = enabled ? 0 : -1;
    label.setAttribute('aria-disabled', String(!enabled));
  });
}

/**
 * Quill's Tab bindings type a tab or indent, so that a keyboard user could never leave the editor (WCAG 2.1.2).
 * Without them the browser moves focus on Tab and Shift+Tab; lists are indented from the toolbar.
 */
const TAB_BINDINGS_OFF = {
  tab: null,
  indent: null,
  outdent: null,
  'remove tab': null,
  'indent code-block': null,
  'outdent code-block': null,
  'table tab': null,
};

/** Where an image goes, and the pasted or dropped file when there is one. */
interface ImageRequest {
  range: Range;
  file: File | null;
}

function htmlOf(quill: Quill): string {
  return quill.getLength() <= 1 ? '' : quill.root.innerHTML;
}

export default function RichTextEditor({ value, onChange, toolbar, readOnly = false, label, id, insertion = null }: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  // The HTML this editor last handed out: when the parent feeds it back as `value`, nothing is reset.
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // What the editor starts with; later changes reach it through the effects below.
  const initial = useRef({ value, readOnly, label, id });
  const [imageRequest, setImageRequest] = useState<ImageRequest | null>(null);
  // Where the caret last was: a menu outside the editor takes the focus before it inserts there.
  const lastRange = useRef<Range | null>(null);
  const inserted = useRef<number | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const QuillClass = setUpQuill();
    const container = host.current;
    if (!container) return;
    const editorNode = document.createElement('div');
    container.appendChild(editorNode);
    const start = initial.current;
    const askForImage = (range: Range, file: File | null) => {
      setImageRequest({ range, file });
      setAsking(true);
    };
    const quill = new QuillClass(editorNode, {
      theme: 'snow',
      readOnly: start.readOnly,
      modules: {
        history: { delay: RICH_TEXT_HISTORY.delay, maxStack: RICH_TEXT_HISTORY.maxStack, userOnly: true },
        keyboard: { bindings: TAB_BINDINGS_OFF },
        // A pasted or dropped image file is embedded only once its alt text is given.
        uploader: {
          mimetypes: [...RICH_TEXT_IMAGE_TYPES],
          handler(range: Range, files: File[]) {
            askForImage(range, files[0] ?? null);
          },
        },
        toolbar: {
          container: TOOLBARS[toolbar],
          handlers: {
            undo(this: { quill: Quill }) {
              this.quill.history.undo();
            },
            redo(this: { quill: Quill }) {
              this.quill.history.redo();
            },
            image(this: { quill: Quill }) {
              askForImage(this.quill.getSelection(true), null);
            },
          },
        },
      },
    });
    quill.root.setAttribute('aria-label', start.label);
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    if (start.id) quill.root.id = start.id;
    if (start.value) quill.setContents(quill.clipboard.convert({ html: start.value }), 'silent');
    quill.history.clear();
    quill.on('selection-change', (range: Range | null) => {
      if (range) lastRange.current = range;
    });
    quill.on('text-change', () => {
      emitted.current = htmlOf(quill);
      onChangeRef.current(emitted.current);
    });
    labelToolbar(container);
    enableToolbar(container, !start.readOnly);
    quillRef.current = quill;
    return () => {
      quillRef.current = null;
      container.innerHTML = '';
    };
  }, [toolbar]);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === emitted.current || value === htmlOf(quill)) return;
    emitted.current = value;
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
  }, [value]);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || !insertion || inserted.current === insertion.key || readOnly) return;
    inserted.current = insertion.key;
    const end = Math.max(0, quill.getLength() - 1);
    const range = lastRange.current ?? { index: end, length: 0 };
    const index = Math.min(range.index, end);
    quill.updateContents(new Delta().retain(index).delete(Math.min(range.length, end - index)).insert(insertion.text), 'user');
    quill.setSelection(index + insertion.text.length, 0, 'user');
  }, [insertion, readOnly]);

  useEffect(() => {
    quillRef.current?.enable(!readOnly);
    quillRef.current?.root.setAttribute('aria-readonly', String(readOnly));
    if (host.current) enableToolbar(host.current, !readOnly);
  }, [readOnly]);

  const insertImage = ({ src, alt }: ImageChoice) => {
    const quill = quillRef.current;
    if (quill && imageRequest) {
      const { index, length } = imageRequest.range;
      quill.updateContents(new Delta().retain(index).delete(length).insert({ image: src }, { alt }), 'user');
      quill.setSelection(index + 1, 'silent');
    }
    setAsking(false);
  };

  return (
    <>
      <div ref={host} className={`rich-text-editor${readOnly ? ' is-read-only' : ''}`} data-testid="rich-text-editor" />
      <ImageDialog
        show={asking}
        file={imageRequest?.file}
        onInsert={insertImage}
        onCancel={() => setAsking(false)}
        onExited={() => {
          setImageRequest(null);
          quillRef.current?.focus();
        }}
      />
    </>
  );
}
