// The answer page with the real store, texts and router, and the outbox in a fake IndexedDB: every refusal
// of the shared checks at its question before sending, the server's refusal at its question, sending with one
// submissionId, a photo uploaded and its key sent, EMA `opened` reported, and an answer given without network kept, shown as waiting, and sent
// with the same submissionId when the network returns.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { participantMessages } from '../../../src/shared/messages';
import type { ResponseBody } from '../../../src/shared/types/participantApp';
import { startOutbox } from '../../../src/participant/queue/startOutbox';
import { checkedQuestionnaire, freshIndexedDb } from '../answerSupport';
import { enrolledCalls, fillValid, section } from '../answerPage';
import { callsTo, renderApp, SESSION } from '../support';

// Typing every answer with user-event takes seconds on a loaded machine.
jest.setTimeout(30_000);

const calls = enrolledCalls;

beforeEach(freshIndexedDb);

describe('the answer page', () => {
  it('shows each refusal at its question before sending, and sends nothing until all are corrected', async () => {
    const user = userEvent.setup();
    const { made } = renderApp('/app/studies/s1/tasks/o1', calls(), { session: SESSION });
    expect(await screen.findByRole('heading', { name: 'Background', level: 1 })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Send' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(within(section(0)).getByText(participantMessages.answerRequired)).toBeInTheDocument();
    expect(within(section(3)).getByText(participantMessages.answerRequired)).toBeInTheDocument();
    expect(screen.getByText('Please correct the 2 answers marked below.')).toBeInTheDocument();
    // The first question at fault gets the focus.
    expect(within(section(0)).getByRole('textbox')).toHaveFocus();

    await user.type(within(section(0)).getByRole('textbox'), 'not an email');
    await user.type(within(section(1)).getByRole('textbox'), '1234');
    await user.type(within(section(2)).getByRole('textbox'), '4321');
    await user.click(within(section(3)).getByRole('radio', { name: 'Sad' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(within(section(0)).getByText(participantMessages.answerEmail)).toBeInTheDocument();
    expect(within(section(1)).getByText(participantMessages.answerEightDigits)).toBeInTheDocument();
    expect(within(section(2)).getByText(participantMessages.answerNotIdentical)).toBeInTheDocument();
    expect(within(section(3)).queryByText(participantMessages.answerRequired)).not.toBeInTheDocument();
    expect(callsTo(made, 'POST', '/api/app/studies/s1/responses')).toHaveLength(0);
  });

  it('sends the answer once with its submissionId and moments, then shows it sent in the task list', async () => {
    const user = userEvent.setup();
    const opened = Date.now();
    const { made } = renderApp('/app/studies/s1/tasks/o1', calls({ 'POST /api/app/studies/s1/responses': { status: 201, body: { _id: 'resp-1' } } }), { session: SESSION });
    await screen.findByRole('button', { name: 'Send' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your answer to Background was sent. Thank you!')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/studies/s1');
    const [sent] = callsTo(made, 'POST', '/api/app/studies/s1/responses');
    const body = sent.body as ResponseBody;
    expect(sent.authorization).toBe(`Bearer ${SESSION.token}`);
    expect(body).toEqual({
      submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      taskId: 'o1',
      questionnaireId: 'q-bg',
      startedAt: expect.any(String),
      submittedAt: expect.any(String),
      answers: [
        { question_pos: 0, response_pos: 0, value: 'pat@example.org' },
        { question_pos: 1, response_pos: 0, value: '12345678' },
        { question_pos: 2, response_pos: 0, value: '12345678' },
        { question_pos: 3, response_pos: 0, value: ['happy'] },
      ],
    });
    expect(Date.parse(body.startedAt)).toBeGreaterThanOrEqual(opened - 1000);
    expect(Date.parse(body.submittedAt)).toBeGreaterThanOrEqual(Date.parse(body.startedAt));
    expect(callsTo(made, 'POST', '/api/app/studies/s1/responses')).toHaveLength(1);
  });

  it('answers an anytime task with no task id', async () => {
    const user = userEvent.setup();
    const { made } = renderApp('/app/studies/s1/tasks/a1', calls({ 'POST /api/app/studies/s1/responses': { status: 201, body: { _id: 'resp-2' } } }), { session: SESSION });
    await screen.findByRole('button', { name: 'Send' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Your answer to Report an event was sent. Thank you!');
    expect((callsTo(made, 'POST', '/api/app/studies/s1/responses')[0].body as ResponseBody).taskId).toBeNull();
  });

  it('shows the server’s refusal at the question it names and stays on the page', async () => {
    const user = userEvent.setup();
    const refusal = { message: participantMessages.answerPattern, question_pos: 1, response_pos: 0 };
    renderApp('/app/studies/s1/tasks/o1', calls({ 'POST /api/app/studies/s1/responses': { status: 400, body: refusal } }), { session: SESSION });
    await screen.findByRole('button', { name: 'Send' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(section(1)).findByText(participantMessages.answerPattern)).toBeInTheDocument();
    expect(within(section(0)).queryByText(participantMessages.answerPattern)).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/studies/s1/tasks/o1');
  });

  it('uploads a chosen photo through the signed upload, shows it, and sends its key in the answer', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
    const withPhoto = checkedQuestionnaire();
    withPhoto.chin_content.push({ ...withPhoto.chin_content[0], _id: 'q4', question_num: '5', position: 4, other_info: [{ ...withPhoto.chin_content[0].other_info[0], _id: 'r4', type: 'photoUpload', validation: { required: false, regex_string: '', identical_to_prev_question: false, earlier: null } }] });
    const { made } = renderApp(
      '/app/studies/s1/tasks/o1',
      calls({
        'GET /api/app/questionnaires/q-bg': { status: 200, body: withPhoto },
        'POST /api/app/uploads': { status: 200, body: { url: '/api/files/upload/g1?expires=1&signature=s', key: 'photos/p1/face.jpg', expiresAt: '2026-12-01T00:00:00.000Z' } },
        'PUT /api/files/upload/g1': { status: 200, body: { message: 'ok' } },
        'POST /api/app/studies/s1/responses': { status: 201, body: { _id: 'resp-5' } },
      }),
      { session: SESSION },
    );
    await screen.findByRole('button', { name: 'Send' });
    await fillValid(user);
    await user.upload(section(4).querySelector('input[type=file]') as HTMLInputElement, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'face.jpg', { type: 'image/jpeg' }));
    expect(within(section(4)).getByRole('img', { name: 'The chosen photo' })).toHaveAttribute('src', 'blob:preview');
    await waitFor(() => expect(callsTo(made, 'PUT', '/api/files/upload/g1')).toHaveLength(1));
    expect(callsTo(made, 'POST', '/api/app/uploads')[0].body).toEqual({ contentType: 'image/jpeg', size: 3 });
    await waitFor(() => expect(within(section(4)).queryByText('Uploading the photo…')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Your answer to Background was sent. Thank you!');
    const body = callsTo(made, 'POST', '/api/app/studies/s1/responses')[0].body as ResponseBody;
    expect(body.answers).toContainEqual({ question_pos: 4, response_pos: 0, value: 'photos/p1/face.jpg' });
  });

  it('refuses a file that is not a JPEG or PNG photo at the photo, before any upload', async () => {
    const user = userEvent.setup({ applyAccept: false });
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
    const withPhoto = checkedQuestionnaire();
    withPhoto.chin_content.push({ ...withPhoto.chin_content[0], _id: 'q4', question_num: '5', position: 4, other_info: [{ ...withPhoto.chin_content[0].other_info[0], _id: 'r4', type: 'photoUpload', validation: { required: false, regex_string: '', identical_to_prev_question: false, earlier: null } }] });
    const { made } = renderApp('/app/studies/s1/tasks/o1', calls({ 'GET /api/app/questionnaires/q-bg': { status: 200, body: withPhoto } }), { session: SESSION });
    await screen.findByRole('button', { name: 'Send' });
    await user.upload(section(4).querySelector('input[type=file]') as HTMLInputElement, new File(['gif'], 'anim.gif', { type: 'image/gif' }));
    expect(await within(section(4)).findByText(participantMessages.photoOnly)).toBeInTheDocument();
    expect(callsTo(made, 'POST', '/api/app/uploads')).toHaveLength(0);
  });

  it('reports an open EMA prompt as opened when its page opens', async () => {
    const { made } = renderApp('/app/studies/s1/tasks/e-open', calls(), { session: SESSION });
    await screen.findByRole('button', { name: 'Send' });
    await waitFor(() => expect(callsTo(made, 'POST', '/api/app/studies/s1/events')).toHaveLength(1));
    const { events } = callsTo(made, 'POST', '/api/app/studies/s1/events')[0].body as { events: { taskId: string; kind: string; at: string }[] };
    expect(events).toEqual([{ taskId: 'e-open', kind: 'opened', at: expect.any(String) }]);
  });

  it('keeps an answer given without network, shows it waiting, and sends it with the same submissionId when the network returns', async () => {
    const user = userEvent.setup();
    let online = false;
    const answers = (): { status: number; body: unknown } => {
      if (!online) throw new TypeError('Failed to fetch');
      return { status: 200, body: { _id: 'resp-3' } };
    };
    const { made, store } = renderApp('/app/studies/s1/tasks/o1', calls({ 'POST /api/app/studies/s1/responses': answers }), { session: SESSION });
    await screen.findByRole('button', { name: 'Send' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your answer to Background is saved on this phone. It will be sent when you are online.')).toBeInTheDocument();
    const once = screen.getByRole('heading', { name: 'Questionnaires to answer once' }).parentElement as HTMLElement;
    expect(await within(once).findByText('Saved on this phone, sending when online')).toBeInTheDocument();

    online = true;
    const stop = startOutbox(store);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Your answer to Background was sent. Thank you!')).toBeInTheDocument();
    expect(within(once).queryByText('Saved on this phone, sending when online')).not.toBeInTheDocument();
    stop();
    const tries = callsTo(made, 'POST', '/api/app/studies/s1/responses').map((m) => (m.body as ResponseBody).submissionId);
    expect(tries.length).toBeGreaterThanOrEqual(2);
    expect(new Set(tries).size).toBe(1);
  });

  it('leaves a queued answer the server refuses visible with its message, and lets the participant remove it', async () => {
    const user = userEvent.setup();
    let online = false;
    const answers = (): { status: number; body: unknown } => {
      if (!online) throw new TypeError('Failed to fetch');
      return { status: 400, body: { message: participantMessages.answerOneChoice } };
    };
    const { made, store } = renderApp('/app/studies/s1/tasks/o1', calls({ 'POST /api/app/studies/s1/responses': answers }), { session: SESSION });
    await screen.findByRole('button', { name: 'Send' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Your answer to Background is saved on this phone. It will be sent when you are online.');
    online = true;
    const stop = startOutbox(store);
    expect(await screen.findByText(`Not accepted: ${participantMessages.answerOneChoice}`)).toBeInTheDocument();
    const before = callsTo(made, 'POST', '/api/app/studies/s1/responses').length;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(store.getState().outbox.requests.flush.status).toBe('success'));
    // Refused: not tried again.
    expect(callsTo(made, 'POST', '/api/app/studies/s1/responses')).toHaveLength(before);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText(/Not accepted/)).not.toBeInTheDocument());
    stop();
  });
});
