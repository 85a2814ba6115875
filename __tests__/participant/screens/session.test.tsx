// The session: kept on the phone, ended by a 401 (back to sign in, returning afterwards), by signing out,
// and the password reset with the mailed code; the server's messages shown as they come.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { participantMessages } from '../../../src/shared/messages';
import { callsTo, renderApp, SESSION } from '../support';

describe('the session', () => {
  it('a 401 on a participant call signs out to the sign-in screen, which returns to where the participant was', async () => {
    renderApp('/app/studies/s1', { 'GET /api/app/studies': { status: 401, body: { message: 'Please sign in again' } } }, { session: SESSION });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/app/signin?next=%2Fapp%2Fstudies%2Fs1');
    expect(localStorage.getItem('participant-session')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('a wrong password shows the server message and keeps the participant on the sign-in screen', async () => {
    const user = userEvent.setup();
    renderApp('/app/signin', { 'POST /api/app/login': { status: 401, body: { message: 'Email or password is incorrect' } } });
    await user.type(screen.getByLabelText('Email'), 'pat@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect');
    expect(window.location.pathname).toBe('/app/signin');
  });

  it('signs up with the password typed twice, refusing two different ones before calling', async () => {
    const user = userEvent.setup();
    const { made } = renderApp('/app/signup', {
      'POST /api/app/signup': { status: 201, body: SESSION },
      'GET /api/app/studies': { status: 200, body: { participations: [] } },
    });
    await user.type(screen.getByLabelText('Email'), 'pat@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret-124');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords are not the same');
    expect(callsTo(made, 'POST', '/api/app/signup')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'My studies' })).toBeInTheDocument();
    expect(callsTo(made, 'POST', '/api/app/signup')[0].body).toEqual({ email: 'pat@example.org', password: 'secret-123' });
  });

  it('signs out: the server is told, the phone forgets the session, the sign-in screen shows', async () => {
    const user = userEvent.setup();
    const { made } = renderApp('/app/', {
      'GET /api/app/studies': { status: 200, body: { participations: [] } },
      'POST /api/app/logout': { status: 200, body: { message: participantMessages.signedOut } },
    }, { session: SESSION });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(callsTo(made, 'POST', '/api/app/logout')[0].authorization).toBe('Bearer participant-token');
    expect(localStorage.getItem('participant-session')).toBeNull();
  });

  it('resets a forgotten password with the mailed code', async () => {
    const user = userEvent.setup();
    const { made } = renderApp('/app/forgot-password', {
      'POST /api/app/password/reset_request': { status: 200, body: { message: participantMessages.resetRequested } },
      'POST /api/app/password/reset': (body) =>
        (body as { code: string }).code === '123456'
          ? { status: 200, body: { message: participantMessages.passwordReset } }
          : { status: 400, body: { message: participantMessages.resetCodeInvalid } },
    });
    await user.type(screen.getByLabelText('Email'), 'pat@example.org');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(participantMessages.resetRequested);
    expect(screen.getByLabelText('Email')).toHaveValue('pat@example.org');
    await user.type(screen.getByLabelText('Code from the email'), '999999');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(participantMessages.resetCodeInvalid);
    await user.clear(screen.getByLabelText('Code from the email'));
    await user.type(screen.getByLabelText('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(participantMessages.passwordReset));
    expect(callsTo(made, 'POST', '/api/app/password/reset').at(-1)?.body).toEqual({ email: 'pat@example.org', code: '123456', newPassword: 'new-secret-1' });
  });
});
