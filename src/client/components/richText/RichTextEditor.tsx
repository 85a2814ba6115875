// The one wrapper around Quill 2. It is loaded lazily (LazyRichTextEditor), so Quill and KaTeX reach only
// the pages that edit rich text. The HTML it hands back is Quill's own, which the server sanitises.
import { useEffect, useRef } from 'react';
import type Quill from 'quill';
import 'quill/dist/quill.snow.css';
import 'katex/dist/katex.min.css';
import './richText.css';
import { RICH_TEXT_HISTORY } from '../../../shared/limits';
import { setUpQuill } from './quillSetup';
import { TOOLBARS, type ToolbarKind } from './toolbars';

export interface RichTextEditorProps {
  value: string;
  onChange(html: string): void;
  toolbar: ToolbarKind;
  readOnly?: boolean;
  /** The accessible name of the editing area. */
  label: string;
  id?: string;
}

const CONTROL_NAMES: Record<string, string> = {
  font: 'Font',
  size: 'Size',
  header: 'Heading',
  color: 'Text colour',
  background: 'Background colour',
  align: 'Alignment',
};

/** Quill's pickers are unnamed spans; give each control an accessible name. */
function labelToolbar(container: HTMLElement): void {
  container.querySelectorAll<HTMLElement>('.ql-picker').forEach((picker) => {
    const format = [...picker.classList].find((c) => c.startsWith('ql-') && c !== 'ql-picker')?.slice(3) ?? '';
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', CONTROL_NAMES[format] ?? format);
  });
  container.querySelectorAll<HTMLButtonElement>('.ql-toolbar button').forEach((button) => {
    if (button.getAttribute('aria-label')) return;
    const format = [...button.classList].find((c) => c.startsWith('ql-'))?.slice(3) ?? '';
    button.setAttribute('aria-label', button.value ? `${format} ${button.value}` : format);
  });
}

function htmlOf(quill: Quill): string {
  return quill.getLength() <= 1 ? '' : quill.root.innerHTML;
}

export default function RichTextEditor({ value, onChange, toolbar, readOnly = false, label, id }: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  // The HTML this editor last handed out: when the parent feeds it back as `value`, nothing is reset.
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // What the editor starts with; later changes reach it through the effects below.
  const initial = useRef({ value, readOnly, label, id });

  useEffect(() => {
    const QuillClass = setUpQuill();
    const container = host.current;
    if (!container) return;
    const editorNode = document.createElement('div');
    container.appendChild(editorNode);
    const start = initial.current;
    const quill = new QuillClass(editorNode, {
      theme: 'snow',
      readOnly: start.readOnly,
      modules: {
        history: { delay: RICH_TEXT_HISTORY.delay, maxStack: RICH_TEXT_HISTORY.maxStack, userOnly: true },
        toolbar: {
          container: TOOLBARS[toolbar],
          handlers: {
            undo(this: { quill: Quill }) {
              this.quill.history.undo();
            },
            redo(this: { quill: Quill }) {
              this.quill.history.redo();
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
    quill.on('text-change', () => {
      emitted.current = htmlOf(quill);
      onChangeRef.current(emitted.current);
    });
    labelToolbar(container);
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
    quillRef.current?.enable(!readOnly);
    quillRef.current?.root.setAttribute('aria-readonly', String(readOnly));
  }, [readOnly]);

  return <div ref={host} className={`rich-text-editor${readOnly ? ' is-read-only' : ''}`} data-testid="rich-text-editor" />;
}
