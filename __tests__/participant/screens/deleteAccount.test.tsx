// Delete my account (issue 36 part 3): asked for only after the password and a confirmation; a wrong password
// shows the server's message and keeps the session; success forgets the session and shows the sign-in screen.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dataRightsMessages } from '../../../src/shared/messages';
import { callsTo, renderApp, SESSION } from '../support';

const studies = { 'GET /api/app/studies': { status: 200, body: { participations: [] } } };

describe('Delete my account', () => {
  it('asks for the password and a confirmation; No keeps the account and calls nothing', async () => {
    const user = userEvent.setup();
    const { made } = renderApp('/app/', studies, { session: SESSION });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Do you really want to delete your account? This cannot be undone.' });
    expect(within(dialog).getByRole('button', { name: 'Yes, delete my account' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'No, keep my account' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(made, 'POST', '/api/app/me/delete')).toHaveLength(0);
  });

  it("shows the server's message for a wrong password and keeps the session", async () => {
    const user = userEvent.setup();
    renderApp('/app/', { ...studies, 'POST /api/app/me/delete': { status: 400, body: { message: dataRightsMessages.erasePasswordWrong } } }, { session: SESSION });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await user.type(screen.getByLabelText('Your password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(dataRightsMessages.erasePasswordWrong);
    expect(localStorage.getItem('participant-session')).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'My studies' })).toBeInTheDocument();
  });

  it('deletes with the password: the session is forgotten and the sign-in screen shows', async () => {
    const user = userEvent.setup();
    const { made } = renderApp('/app/', { ...studies, 'POST /api/app/me/delete': { status: 200, body: { message: dataRightsMessages.accountErased } } }, { session: SESSION });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await user.type(screen.getByLabelText('Your password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(callsTo(made, 'POST', '/api/app/me/delete')[0]).toMatchObject({ body: { password: 'secret-123' }, authorization: 'Bearer participant-token' });
    expect(localStorage.getItem('participant-session')).toBeNull();
  });
});
