// The shared guard on its own: a small form whose changes are compared with what it saved, a dialog holding
// typed work, and the router set up as the portal's (app/router.tsx, through renderWithProviders).
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { portalMessages } from '../../../../src/shared/messages';
import { DialogCloseButton, GuardedModal } from '../../../../src/client/components/unsavedChanges/GuardedModal';
import { useUnsavedChangesGuard } from '../../../../src/client/components/unsavedChanges/useUnsavedChangesGuard';
import { currentLocation, renderWithProviders } from '../../testUtils';

const LEAVE = portalMessages.unsavedLeavePage;
const DISCARD = portalMessages.unsavedDiscard;

function NameForm() {
  const navigate = useNavigate();
  const [saved, setSaved] = useState('Sleep');
  const [name, setName] = useState(saved);
  const guard = useUnsavedChangesGuard(name !== saved);
  return (
    <>
      <label>
        Name <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <button onClick={() => setSaved(name)}>Save</button>
      {/* A save whose answer comes a moment later, as the server's does. */}
      <button onClick={() => setTimeout(() => setSaved(name), 50)}>Save slowly</button>
      <button onClick={() => guard.leaveWithoutAsking(() => void navigate('/saved'))}>Save and go</button>
      <button onClick={() => guard.confirmDiscard(() => setName(saved))}>Undo all</button>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="#details">Details</Link>
    </>
  );
}

function NotesForm() {
  const [notes, setNotes] = useState('');
  useUnsavedChangesGuard(notes !== '');
  return (
    <Modal.Body>
      <label>
        Your notes <input value={notes} onChange={(event) => setNotes(event.target.value)} />
      </label>
      <DialogCloseButton>Cancel</DialogCloseButton>
    </Modal.Body>
  );
}

function NotesDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Write notes</button>
      <GuardedModal show={open} onHide={() => setOpen(false)} aria-labelledby="notes-title">
        <Modal.Header closeButton>
          <Modal.Title id="notes-title">Notes</Modal.Title>
        </Modal.Header>
        {open && <NotesForm />}
      </GuardedModal>
    </>
  );
}

function renderForm(start = '/form') {
  return renderWithProviders(
    <Routes>
      <Route path="/start" element={<Link to="/form">To the form</Link>} />
      <Route path="/form" element={<NameForm />} />
      <Route path="/notes" element={<NotesDialog />} />
      <Route path="*" element={<p>Another page</p>} />
    </Routes>,
    { route: start },
  );
}

/** Whether the page asks before unloading: what the browser's reload or tab closing would see. */
function unloadIsHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useUnsavedChangesGuard: leaving a page', () => {
  it('lets a link go without a question when nothing changed', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(currentLocation()).toBe('/elsewhere');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes where the link leads when the changes are saved while the link waits: nothing is left to lose', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), ' diary');
    await user.click(screen.getByRole('button', { name: 'Save slowly' }));
    // Clicked before the save's answer: the link is held, then the save lands and the link goes on.
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(currentLocation()).toBe('/elsewhere');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it(`asks '${LEAVE}' when a link would lose changes: Stay keeps them, Leave goes`, async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), ' and mood');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const question = await screen.findByRole('dialog', { name: LEAVE });
    // The safe answer has the focus: Enter keeps the work.
    expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/form');
    expect(screen.getByLabelText('Name')).toHaveValue('Sleep and mood');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(currentLocation()).toBe('/elsewhere');
  });

  it('Escape on the question is Stay', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByRole('dialog', { name: LEAVE });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/form');
    expect(screen.getByLabelText('Name')).toHaveValue('Sleepx');
  });

  it('asks on the browser’s Back as well', async () => {
    const { user, router } = renderForm('/start');
    await user.click(screen.getByRole('link', { name: 'To the form' }));
    await user.type(await screen.findByLabelText('Name'), 'x');
    await act(() => router.navigate(-1));
    await user.click(await screen.findByRole('button', { name: 'Stay' }));
    expect(currentLocation()).toBe('/form');
    expect(screen.getByLabelText('Name')).toHaveValue('Sleepx');
  });

  it('does not ask when the changes are typed back to what is saved', async () => {
    const { user } = renderForm();
    const name = screen.getByLabelText('Name');
    await user.type(name, 'y');
    await user.type(name, '{Backspace}');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask once the changes are saved', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'z');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves within the page (#anchor) without asking', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('link', { name: 'Details' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Sleepx');
  });

  it('navigates after a save without asking (leaveWithoutAsking)', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save and go' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(currentLocation()).toBe('/saved');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it(`asks '${DISCARD}' before confirmDiscard drops changes, and not when there are none`, async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Undo all' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Undo all' }));
    await user.click(within(await screen.findByRole('dialog', { name: DISCARD })).getByRole('button', { name: 'Keep Editing' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Sleepx');
    await user.click(screen.getByRole('button', { name: 'Undo all' }));
    await user.click(within(await screen.findByRole('dialog', { name: DISCARD })).getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Sleep');
  });
});

describe('useUnsavedChangesGuard: reload and closing the tab', () => {
  it('holds beforeunload only while there are changes', async () => {
    const { user } = renderForm();
    expect(unloadIsHeld()).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'x');
    expect(unloadIsHeld()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(unloadIsHeld()).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'y');
    expect(unloadIsHeld()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await screen.findByText('Another page');
    expect(unloadIsHeld()).toBe(false);
  });
});

describe('GuardedModal: a dialog holding typed work', () => {
  async function openNotes() {
    const rendered = renderForm('/notes');
    await rendered.user.click(screen.getByRole('button', { name: 'Write notes' }));
    await screen.findByRole('dialog', { name: 'Notes' });
    return rendered;
  }
  const notes = () => screen.queryByRole('dialog', { name: 'Notes' });

  it('closes with Escape, the close button or Cancel without a question when nothing was typed', async () => {
    const { user } = await openNotes();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(notes()).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Write notes' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Notes' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(notes()).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Write notes' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Notes' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(notes()).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['Escape', async (user: Awaited<ReturnType<typeof openNotes>>['user']) => user.keyboard('{Escape}')],
    ['the close button', async (user: Awaited<ReturnType<typeof openNotes>>['user']) => user.click(within(notes()!).getByRole('button', { name: 'Close' }))],
    ['a click on the backdrop', async (user: Awaited<ReturnType<typeof openNotes>>['user']) => user.click(notes()!)],
    ['Cancel', async (user: Awaited<ReturnType<typeof openNotes>>['user']) => user.click(within(notes()!).getByRole('button', { name: 'Cancel' }))],
  ])('asks before %s throws typed text away: Keep Editing keeps it, Discard closes', async (_how, close) => {
    const { user } = await openNotes();
    await user.type(screen.getByLabelText('Your notes'), 'Call back on Monday');
    await close(user);
    await user.click(within(await screen.findByRole('dialog', { name: DISCARD })).getByRole('button', { name: 'Keep Editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD })).not.toBeInTheDocument());
    expect(notes()).toBeInTheDocument();
    expect(screen.getByLabelText('Your notes')).toHaveValue('Call back on Monday');

    await close(user);
    await user.click(within(await screen.findByRole('dialog', { name: DISCARD })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(notes()).not.toBeInTheDocument());
  });

  it('asks before a navigation loses the dialog’s typed work, and holds beforeunload meanwhile', async () => {
    const { user, router } = await openNotes();
    expect(unloadIsHeld()).toBe(false);
    await user.type(screen.getByLabelText('Your notes'), 'x');
    expect(unloadIsHeld()).toBe(true);
    await act(() => router.navigate('/elsewhere'));
    await user.click(within(await screen.findByRole('dialog', { name: LEAVE })).getByRole('button', { name: 'Stay' }));
    expect(currentLocation()).toBe('/notes');
    expect(screen.getByLabelText('Your notes')).toHaveValue('x');
  });
});
