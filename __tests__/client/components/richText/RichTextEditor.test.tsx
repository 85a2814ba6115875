import { render, screen, waitFor } from '@testing-library/react';
import Quill from 'quill';
import RichTextEditor from '../../../../src/client/components/richText/RichTextEditor';

describe('RichTextEditor', () => {
  it('names every toolbar control and gives it a tooltip', async () => {
    render(<RichTextEditor toolbar="consent" label="Consent Content" value="" onChange={jest.fn()} />);
    await screen.findByRole('textbox', { name: 'Consent Content' });
    for (const name of ['Numbered list', 'Bulleted list', 'Decrease indent', 'Increase indent', 'Subscript', 'Code block', 'Image', 'Undo']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('title', name);
    }
    for (const name of ['Font', 'Size', 'Heading', 'Alignment', 'Text colour', 'Background colour']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('title', name);
    }
    expect(screen.getAllByRole('button', { name: 'Heading 2', hidden: true })).toHaveLength(1);
  });

  it('leaves Tab and Shift+Tab to the browser, which moves focus out of the editor', async () => {
    render(<RichTextEditor toolbar="consent" label="Consent Content" value="<ol><li data-list='ordered'>One</li></ol>" onChange={jest.fn()} />);
    const editor = await screen.findByRole('textbox', { name: 'Consent Content' });
    const quill = Quill.find(editor.parentElement as HTMLElement) as Quill;
    // No binding may take the key: Quill would type a tab or indent, and the keyboard user could not leave.
    expect(quill.keyboard.bindings.Tab ?? []).toEqual([]);
    expect(quill.keyboard.bindings['9'] ?? []).toEqual([]);
  });

  it('takes a read-only editor’s toolbar out of use', async () => {
    const { rerender } = render(<RichTextEditor toolbar="question" label="Question 1 text" value="" onChange={jest.fn()} readOnly />);
    await screen.findByRole('textbox', { name: 'Question 1 text' });
    expect(screen.getByRole('button', { name: 'Image' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Font' })).toHaveAttribute('aria-disabled', 'true');
    rerender(<RichTextEditor toolbar="question" label="Question 1 text" value="" onChange={jest.fn()} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Image' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Font' })).toHaveAttribute('tabindex', '0');
  });

  it('keeps the alt text of images, empty or not', async () => {
    render(
      <RichTextEditor
        toolbar="question"
        label="Question 1 text"
        value={'<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="A sleeping cat"><img src="data:image/png;base64,iVBORw0KGgo=" alt=""></p>'}
        onChange={jest.fn()}
      />,
    );
    const editor = await screen.findByRole('textbox', { name: 'Question 1 text' });
    expect(editor.querySelector('img[alt="A sleeping cat"]')).not.toBeNull();
    expect(editor.querySelector('img[alt=""]')).not.toBeNull();
  });
});
