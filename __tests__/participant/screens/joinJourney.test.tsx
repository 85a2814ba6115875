// A join link opened signed out: create an account first (most who open it have none; issue 31), or sign in
// from there, then the join, the consent (sanitised) and the task list.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, renderApp, SESSION } from '../support';
import { participation, tasksAround } from '../fixtures';

describe('joining by link', () => {
  it('opens Create an account, which joins the study once the account is made', async () => {
    const user = userEvent.setup();
    const { made } = renderApp('/app/join/SLEEP1', {
      'POST /api/app/signup': { status: 201, body: SESSION },
      'POST /api/app/studies/join': { status: 201, body: participation() },
    });

    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/app/signup?next=%2Fapp%2Fjoin%2FSLEEP1');
    expect(screen.getByText('Sign in or create an account to join the study SLEEP1.')).toBeInTheDocument();
    expect(screen.getByText('Already have an account?')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'pat@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: '睡眠研究 Sleep study' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/studies/s1');
    expect(callsTo(made, 'POST', '/api/app/studies/join')[0]).toMatchObject({ body: { studyCode: 'SLEEP1' }, authorization: 'Bearer participant-token' });
    expect(screen.getByRole('form', { name: 'Consent form' })).toBeInTheDocument();
  });

  it('keeps the study through "Already have an account? Sign in": signs in, joins, shows the consent and, once agreed, the tasks', async () => {
    const user = userEvent.setup();
    const invited = participation();
    const { made } = renderApp('/app/join/SLEEP1', {
      'POST /api/app/login': { status: 200, body: SESSION },
      'POST /api/app/studies/join': { status: 201, body: invited },
      'POST /api/app/studies/s1/consent': { status: 200, body: participation({ status: 'enrolled' }) },
      'GET /api/app/studies/s1/tasks': { status: 200, body: tasksAround(new Date()) },
    });

    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/app/signin?next=%2Fapp%2Fjoin%2FSLEEP1');
    expect(screen.getByText('Sign in or create an account to join the study SLEEP1.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'pat@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: '睡眠研究 Sleep study' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/studies/s1');
    expect(callsTo(made, 'POST', '/api/app/login')[0].body).toEqual({ email: 'pat@example.org', password: 'secret-123' });
    expect(callsTo(made, 'POST', '/api/app/studies/join')[0]).toMatchObject({ body: { studyCode: 'SLEEP1' }, authorization: 'Bearer participant-token' });
    expect(JSON.parse(localStorage.getItem('participant-session') ?? 'null')).toEqual(SESSION);

    const consent = screen.getByRole('form', { name: 'Consent form' });
    expect(within(consent).getByText('take part')).toBeInTheDocument();
    expect(consent.querySelector('script')).toBeNull();
    expect(consent.querySelector('img')?.getAttribute('onerror')).toBeNull();
    // The study's data-rights choice (issue 36 part 3) is stated beside the form: this fixture deletes answers.
    expect(within(consent).getByText('If you delete your account, your answers to this study are deleted with it.')).toBeInTheDocument();
    const agree = within(consent).getByRole('button', { name: 'Agree and continue' });
    expect(agree).toBeDisabled();
    await user.click(within(consent).getByRole('checkbox', { name: 'I have read the consent form and agree to take part' }));
    await user.click(agree);

    expect(await screen.findByRole('heading', { name: 'Your tasks' })).toBeInTheDocument();
    expect(callsTo(made, 'POST', '/api/app/studies/s1/consent')[0].body).toEqual({ agree: true });
    expect(screen.getByText('Week one: answer each prompt.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Mood now' })).toHaveAttribute('href', '/app/studies/s1/tasks/e-open');
  });

  it('shows the server message when no study has the code, and offers the code form', async () => {
    renderApp('/app/join/NOPE', { 'POST /api/app/studies/join': { status: 404, body: { message: 'No active study has this study code' } } }, { session: SESSION });
    expect(await screen.findByRole('alert')).toHaveTextContent('No active study has this study code');
    expect(screen.getByLabelText('Study code')).toHaveValue('NOPE');
  });

  it('goes to the study when the link is opened again after joining', async () => {
    renderApp('/app/join/sleep1', {
      'POST /api/app/studies/join': { status: 409, body: { message: 'This participant has already joined this study' } },
      'GET /api/app/studies': { status: 200, body: { participations: [participation({ status: 'enrolled' })] } },
      'GET /api/app/studies/s1/tasks': { status: 200, body: { ema: [], diary: [], once: [], anytime: [] } },
    }, { session: SESSION });
    expect(await screen.findByRole('heading', { name: 'Your tasks' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/studies/s1');
  });

  it('joins by a typed code from the studies screen', async () => {
    const user = userEvent.setup();
    const { made } = renderApp('/app/', {
      'GET /api/app/studies': { status: 200, body: { participations: [] } },
      'POST /api/app/studies/join': { status: 201, body: participation({ status: 'enrolled', consent: { consent_needed: false, chin_content: '', keep_answers_on_erasure: false } }) },
      'GET /api/app/studies/s1/tasks': { status: 200, body: { ema: [], diary: [], once: [], anytime: [] } },
    }, { session: SESSION });
    expect(await screen.findByText('You have not joined a study yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Study code'), ' sleep1 ');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Nothing to do right now.')).toBeInTheDocument();
    expect(callsTo(made, 'POST', '/api/app/studies/join')[0].body).toEqual({ studyCode: 'sleep1' });
    await waitFor(() => expect(window.location.pathname).toBe('/app/studies/s1'));
  });
});
