// Rich text as both browser apps show it: sanitised with the shared allow-list, each text once however often it
// is shown, and texts about to be shown sanitised ahead in short slices that can be stopped.
import DOMPurify from 'dompurify';
import { render } from '@testing-library/react';
import { RichTextView, sanitizeAhead, sanitizeForView } from '../../../src/ui/richText/RichTextView';

describe('rich text in the browser', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('removes what the allow-list does not name and keeps the formats it does', () => {
    const clean = sanitizeForView('<p class="ql-align-center evil">Hi <strong>there</strong><img src=x onerror="alert(1)"><script>alert(2)</script></p>');
    expect(clean).toBe('<p class="ql-align-center">Hi <strong>there</strong><img src="x"></p>');
  });

  it('sanitises a text once, however often it is shown', () => {
    const sanitize = jest.spyOn(DOMPurify, 'sanitize');
    const html = `<p>Shown twice ${Math.random()}</p>`;
    const first = render(<RichTextView html={html} />);
    const second = render(<RichTextView html={html} />);
    expect(first.container.innerHTML).toBe(second.container.innerHTML);
    expect(sanitize).toHaveBeenCalledTimes(1);
  });

  it('sanitises texts ahead, so that showing them sanitises nothing more', () => {
    jest.useFakeTimers();
    const sanitize = jest.spyOn(DOMPurify, 'sanitize');
    const texts = Array.from({ length: 30 }, (_, i) => `<p>Question ${i} <em>${Math.random()}</em></p>`);
    sanitizeAhead([...texts, texts[0], '']);
    expect(sanitize).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(sanitize).toHaveBeenCalledTimes(30);
    for (const html of texts) render(<RichTextView html={html} />);
    expect(sanitize).toHaveBeenCalledTimes(30);
  });

  it('stops sanitising ahead when told to', () => {
    jest.useFakeTimers();
    const sanitize = jest.spyOn(DOMPurify, 'sanitize');
    const stop = sanitizeAhead([`<p>${Math.random()}</p>`, `<p>${Math.random()}</p>`]);
    stop();
    jest.runAllTimers();
    expect(sanitize).not.toHaveBeenCalled();
  });
});
