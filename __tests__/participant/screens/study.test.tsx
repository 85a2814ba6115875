// A study's screen: its tasks grouped with times in the task's zone, withdrawing after a confirmation, and the
// language switch.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, renderApp, SESSION } from '../support';
import { participation, tasksAround } from '../fixtures';

const enrolled = participation({ status: 'enrolled' });

describe('a study', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('lists the tasks: open now with the time left, once (done marked), anytime, later today, done and missed', async () => {
    // Midday in Hong Kong, so the tasks hours before and after fall on the same day whenever the suite runs;
    // only Date is fixed, the timers stay real for Testing Library.
    const middayInHongKong = new Date('2026-11-26T04:00:00Z');
    jest.useFakeTimers({ now: middayInHongKong, doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    renderApp('/app/studies/s1', {
      'GET /api/app/studies': { status: 200, body: { participations: [enrolled] } },
      'GET /api/app/studies/s1/tasks': { status: 200, body: tasksAround(middayInHongKong) },
    }, { session: SESSION });
    const openNow = (await screen.findByRole('heading', { name: 'Open now' })).parentElement as HTMLElement;
    // The reminder repeats the open prompt: the prompt is listed once.
    expect(within(openNow).getAllByRole('link')).toHaveLength(1);
    expect(within(openNow).getByText(/20 minutes left/)).toBeInTheDocument();
    expect(within(openNow).getByText(/Answer by .*(HKT|GMT\+8)/)).toBeInTheDocument();
    const once = screen.getByRole('heading', { name: 'Questionnaires to answer once' }).parentElement as HTMLElement;
    expect(within(once).getByRole('link', { name: 'Background' })).toHaveAttribute('href', '/app/studies/s1/tasks/o1');
    expect(within(once).queryByRole('link', { name: 'Intake' })).not.toBeInTheDocument();
    expect(within(once).getByText('Done')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Report an event' })).toHaveAttribute('href', '/app/studies/s1/tasks/a1');
    const done = screen.getByRole('heading', { name: 'Done and missed today' }).parentElement as HTMLElement;
    expect(within(done).getByText('Missed')).toBeInTheDocument();
    expect(within(done).getByText('Done')).toBeInTheDocument();
  });

  it('opened at a study, draws the screen once its answers are in, not piece by piece (nothing jumps as they arrive)', async () => {
    let answerTasks: () => void = () => undefined;
    const tasksHeld = new Promise<void>((resolve) => (answerTasks = resolve));
    renderApp('/app/studies/s1', {
      'GET /api/app/studies': { status: 200, body: { participations: [enrolled] } },
      'GET /api/app/studies/s1/tasks': async () => {
        await tasksHeld;
        return { status: 200, body: { ema: [], diary: [], once: [], anytime: [] } };
      },
    }, { session: SESSION });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    // The studies answer is in, the tasks answer is not: still only the loading line.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw from this study' })).not.toBeInTheDocument();
    answerTasks();
    expect(await screen.findByRole('heading', { name: 'Your tasks' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw from this study' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Prompts on this phone' })).toBeInTheDocument();
  });

  it('withdraws only after the confirmation', async () => {
    const user = userEvent.setup();
    const { made } = renderApp('/app/studies/s1', {
      'GET /api/app/studies': { status: 200, body: { participations: [enrolled] } },
      'GET /api/app/studies/s1/tasks': { status: 200, body: { ema: [], diary: [], once: [], anytime: [] } },
      'POST /api/app/studies/s1/withdraw': { status: 200, body: participation({ status: 'withdrawn' }) },
    }, { session: SESSION });
    await user.click(await screen.findByRole('button', { name: 'Withdraw from this study' }));
    await user.click(screen.getByRole('button', { name: 'No, stay in the study' }));
    expect(callsTo(made, 'POST', '/api/app/studies/s1/withdraw')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Withdraw from this study' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Do you really want to withdraw from this study?');
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw' }));
    expect(await screen.findByText('You have withdrawn from this study. Thank you for taking part.')).toBeInTheDocument();
    expect(callsTo(made, 'POST', '/api/app/studies/s1/withdraw')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Your tasks' })).not.toBeInTheDocument();
  });

  it('switches to Traditional Chinese and keeps the choice; the researcher content stays as written', async () => {
    const user = userEvent.setup();
    renderApp('/app/studies/s1', {
      'GET /api/app/studies': { status: 200, body: { participations: [enrolled] } },
      'GET /api/app/studies/s1/tasks': { status: 200, body: { ema: [], diary: [], once: [], anytime: [] } },
    }, { session: SESSION });
    expect(await screen.findByRole('heading', { name: 'Your tasks' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '繁體中文' }));
    expect(await screen.findByRole('heading', { name: '你的任務' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登出' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '繁體中文' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Week one: answer each prompt.')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-Hant');
    expect(localStorage.getItem('participant-language')).toBe('zh-Hant');
  });

  it('opens in Traditional Chinese for a phone set to zh-HK', async () => {
    const language = jest.spyOn(window.navigator, 'language', 'get').mockReturnValue('zh-HK');
    const languages = jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['zh-HK']);
    renderApp('/app/signin', {});
    expect(await screen.findByRole('heading', { name: '登入' })).toBeInTheDocument();
    language.mockRestore();
    languages.mockRestore();
  });
});
