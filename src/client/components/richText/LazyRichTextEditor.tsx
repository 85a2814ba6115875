import { Suspense, lazy } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

const RichTextEditor = lazy(() => import(/* webpackChunkName: "rich-text" */ './RichTextEditor'));

/** The rich-text editor, fetched when a page first shows one. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div className="rich-text-editor is-loading" role="status">Loading editor…</div>}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
