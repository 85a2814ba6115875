// The messages screen and the frame's unread badge: the list newest first with the study and the text as
// written; those unread are marked read once when shown (keeping their "New" mark meanwhile) and the badge goes;
// no messages; Traditional Chinese.
import { screen, waitFor, within } from '@testing-library/react';
import { callsTo, renderApp, SESSION } from '../support';
import type { AppMessage } from '../../../src/shared/inbox';

const newer: AppMessage = { _id: 'm2', studyId: 's1', studyName: 'Daily mood', text: 'Last week!\nThank you.', sentAt: '2026-11-26T04:00:00Z', readAt: null };
const older: AppMessage = { _id: 'm1', studyId: 's1', studyName: 'Daily mood', text: 'Welcome', sentAt: '2026-11-20T04:00:00Z', readAt: '2026-11-20T05:00:00Z' };
const read = (m: AppMessage) => ({ status: 200, body: { message: { ...m, readAt: '2026-11-26T05:00:00Z' } } });

describe('messages', () => {
  it('the bar shows the unread count on every screen', async () => {
    renderApp('/app/', {
      'GET /api/app/studies': { status: 200, body: { participations: [] } },
      'GET /api/app/messages': { status: 200, body: { messages: [newer, older], unread: 1 } },
    }, { session: SESSION });
    const link = await screen.findByRole('link', { name: 'Messages, 1 unread' });
    expect(link).toHaveAttribute('href', '/app/messages');
  });

  it('lists them newest first; the unread one is marked read once, keeps its New mark, and the badge goes', async () => {
    const { made } = renderApp('/app/messages', {
      'GET /api/app/messages': { status: 200, body: { messages: [newer, older], unread: 1 } },
      'POST /api/app/messages/m2/read': read(newer),
    }, { session: SESSION });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => c.querySelector('.message-text')?.textContent)).toEqual(['Last week!\nThank you.', 'Welcome']);
    await waitFor(() => expect(callsTo(made, 'POST', '/api/app/messages/m2/read')).toHaveLength(1));
    expect(within(cards[0]).getByText('New')).toBeInTheDocument();
    expect(within(cards[1]).queryByText('New')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument());
    expect(callsTo(made, 'POST', '/api/app/messages/m1/read')).toHaveLength(0);
    expect(callsTo(made, 'POST', '/api/app/messages/m2/read')).toHaveLength(1);
  });

  it('says when there are none', async () => {
    renderApp('/app/messages', { 'GET /api/app/messages': { status: 200, body: { messages: [], unread: 0 } } }, { session: SESSION });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('in Traditional Chinese', async () => {
    renderApp('/app/messages', { 'GET /api/app/messages': { status: 200, body: { messages: [older], unread: 0 } } }, { session: SESSION, language: 'zh-Hant' });
    expect(await screen.findByRole('heading', { name: '訊息' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '來自「Daily mood」的訊息' })).toBeInTheDocument();
  });
});
