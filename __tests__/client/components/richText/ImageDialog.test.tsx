import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageDialog } from '../../../../src/client/components/richText/ImageDialog';
import { richTextMessages } from '../../../../src/shared/messages';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' });

describe('ImageDialog', () => {
  it('asks for a file and its alt text, and inserts the image as a data address with them', async () => {
    const onInsert = jest.fn();
    const user = userEvent.setup();
    render(<ImageDialog show onInsert={onInsert} onCancel={jest.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Insert Image' });

    await user.click(screen.getByRole('button', { name: 'Insert Image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(richTextMessages.imageFileRequired);

    await user.upload(screen.getByLabelText('Image file'), png());
    await user.click(screen.getByRole('button', { name: 'Insert Image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(richTextMessages.imageAltRequired);
    expect(onInsert).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Alt text'), '  A sleeping cat ');
    await user.click(screen.getByRole('button', { name: 'Insert Image' }));
    await waitFor(() => expect(onInsert).toHaveBeenCalledWith({ src: expect.stringMatching(/^data:image\/png;base64,/), alt: 'A sleeping cat' }));
    expect(dialog).toBeInTheDocument();
  });

  it('refuses a file of another type', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<ImageDialog show onInsert={jest.fn()} onCancel={jest.fn()} />);
    await user.upload(screen.getByLabelText('Image file'), new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    await user.type(screen.getByLabelText('Alt text'), 'A drawing');
    await user.click(screen.getByRole('button', { name: 'Insert Image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(richTextMessages.imageFileType);
  });

  it('inserts a decorative image with an empty alt text', async () => {
    const onInsert = jest.fn();
    const user = userEvent.setup();
    render(<ImageDialog show file={png()} onInsert={onInsert} onCancel={jest.fn()} />);
    // A pasted or dropped file is not asked for again.
    expect(screen.queryByLabelText('Image file')).not.toBeInTheDocument();
    expect(screen.getByText('cat.png')).toBeInTheDocument();
    await user.click(screen.getByLabelText('The image is decorative: it needs no description'));
    expect(screen.getByLabelText('Alt text')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Insert Image' }));
    await waitFor(() => expect(onInsert).toHaveBeenCalledWith({ src: expect.stringMatching(/^data:image\/png;base64,/), alt: '' }));
  });

  it('cancels with Escape', async () => {
    const onCancel = jest.fn();
    const user = userEvent.setup();
    render(<ImageDialog show onInsert={jest.fn()} onCancel={onCancel} />);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
