// A question's rich-text editor that starts Quill only when it is needed: when the card comes near the screen,
// or when the user moves into it. Until then only the words of the text are there (a card far off the screen is
// not drawn anyway), so a long questionnaire opens without starting hundreds of editors or sanitising hundreds of
// texts. Once started, an editor stays.
import { useCallback, useEffect, useRef, useState } from 'react';
import { LazyRichTextEditor } from '../../../components/richText/LazyRichTextEditor';
import type { TextInsertion } from '../../../components/richText/RichTextEditor';
import { plainText } from './labels';
import { canObserve, whenNearScreen } from './nearScreen';

interface DeferredRichTextProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Text to insert at the caret (Insert answer); the editor starts for it when it has not yet. */
  insertion?: TextInsertion | null;
}

/**
 * The value handed to the editor changes only when the text changes from outside. The editor's own keystrokes
 * come back as `value` a render later; handing those back would make the editor reset its contents (and the
 * caret) whenever the user types faster than the page renders.
 */
function useEditorValue(value: string, onChange: (html: string) => void) {
  const [editorValue, setEditorValue] = useState(value);
  const emitted = useRef(new Set<string>());
  const last = useRef<string | null>(null);

  useEffect(() => {
    if (emitted.current.has(value)) {
      // Caught up with the latest keystroke: the older ones cannot come back any more.
      if (value === last.current) emitted.current = new Set([value]);
      return;
    }
    emitted.current.clear();
    setEditorValue(value);
  }, [value]);

  const emit = useCallback(
    (html: string) => {
      emitted.current.add(html);
      last.current = html;
      onChange(html);
    },
    [onChange],
  );
  return [editorValue, emit] as const;
}

export function DeferredRichText({ id, label, value, onChange, insertion = null }: DeferredRichTextProps) {
  // Without IntersectionObserver (old browsers) every editor starts at once.
  const [started, setStarted] = useState(() => !canObserve());
  const [editorValue, emit] = useEditorValue(value, onChange);
  const standIn = useRef<HTMLDivElement>(null);
  const focusOnStart = useRef(false);

  useEffect(() => {
    const node = standIn.current;
    if (started || !node) return;
    return whenNearScreen(node, () => setStarted(true));
  }, [started]);

  useEffect(() => {
    if (!started || !focusOnStart.current) return;
    focusOnStart.current = false;
    // Quill mounts asynchronously (its chunk may still be loading): focus its editing area once it is there.
    let tries = 0;
    const timer = setInterval(() => {
      const area = document.getElementById(id);
      tries += 1;
      if (area || tries > 50) {
        clearInterval(timer);
        area?.focus();
      }
    }, 50);
    return () => clearInterval(timer);
  }, [started, id]);

  useEffect(() => {
    if (insertion) setStarted(true);
  }, [insertion]);

  if (started) return <LazyRichTextEditor toolbar="question" id={id} label={label} value={editorValue} onChange={emit} insertion={insertion} />;

  const start = () => {
    focusOnStart.current = true;
    setStarted(true);
  };
  return (
    <div
      ref={standIn}
      className="deferred-rich-text"
      role="button"
      tabIndex={0}
      aria-label={`Edit ${label}`}
      onClick={start}
      onFocus={start}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          start();
        }
      }}
    >
      <div className="deferred-rich-text-words">{plainText(value)}</div>
    </div>
  );
}
