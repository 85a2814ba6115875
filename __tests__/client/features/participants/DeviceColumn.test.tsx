// The Participant List's Device column (issue 33): what the app reported, as the server answers it in `device`:
// push on or off and why, last seen in the page's clock, answers waiting on the phone, and the phone's zone when
// it is not the study's.
import { screen, within } from '@testing-library/react';
import { Settings } from 'luxon';
import type { ParticipantDevice, PushOffReason } from '../../../../src/shared/devices';
import { deviceTexts } from '../../../../src/shared/messages';
import type { Participant } from '../../../../src/shared/types/participant';
import { mockApi, type MockApi } from '../../support/mockApi';
import { participant } from './participantFixtures';
import { answerParticipants, openPage } from './support';

const device = (changes: Partial<ParticipantDevice> = {}): ParticipantDevice => ({
  pushPermission: 'granted',
  installed: true,
  appVersion: '2026.12.1',
  // The study's zone (group 2-1's diary setting is Hong Kong's).
  timezone: 'Asia/Hong_Kong',
  pendingAnswers: 0,
  lastSeenAt: '2030-03-01T01:30:00.000Z',
  push: 'on',
  pushOffReason: null,
  ...changes,
});

const off = (pushOffReason: PushOffReason, changes: Partial<ParticipantDevice> = {}) => device({ push: 'off', pushOffReason, ...changes });

const rows: Participant[] = [
  participant({ id: 'p1', code: 'NEVER1' }),
  participant({ id: 'p2', code: 'ONLINE', stageNum: 2, groupNum: 1, device: device() }),
  participant({ id: 'p3', code: 'AWAY33', stageNum: 2, groupNum: 1, device: device({ timezone: 'Europe/Paris', pendingAnswers: 2 }) }),
  participant({ id: 'p4', code: 'DENIED', stageNum: 2, groupNum: 1, device: off('denied', { pushPermission: 'denied', pendingAnswers: 1 }) }),
  participant({ id: 'p5', code: 'IPHONE', stageNum: 2, groupNum: 1, device: off('notInstalled', { installed: false, pushPermission: 'unsupported' }) }),
  participant({ id: 'p6', code: 'LOSTPU', stageNum: 2, groupNum: 1, device: off('lost') }),
  participant({ id: 'p7', code: 'NOSUBS', stageNum: 2, groupNum: 1, device: off('noSubscription', { pushPermission: 'default' }) }),
  participant({ id: 'p8', code: 'NOPUSH', stageNum: 2, groupNum: 1, device: off('unsupported', { pushPermission: 'unsupported' }) }),
];

let net: MockApi;
const defaultZone = Settings.defaultZone;
beforeAll(() => {
  Settings.defaultZone = 'Europe/London';
});
afterAll(() => {
  Settings.defaultZone = defaultZone;
});
beforeEach(() => {
  net = answerParticipants(mockApi(), () => rows);
});
afterEach(() => net.restore());

const deviceCell = (code: string) => {
  const row = screen.getByRole('cell', { name: code }).closest('tr') as HTMLElement;
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  return within(row).getAllByRole('cell')[headers.indexOf(deviceTexts.column)];
};

describe('the Device column', () => {
  it('says when the app has not reported, and shows push on with when it was last seen, in the page’s clock', async () => {
    openPage();
    await screen.findByRole('cell', { name: 'ONLINE' });
    expect(screen.getByRole('columnheader', { name: deviceTexts.column })).toBeInTheDocument();
    expect(deviceCell('NEVER1')).toHaveTextContent(deviceTexts.neverReported);
    const online = deviceCell('ONLINE');
    expect(online).toHaveTextContent(deviceTexts.pushOn);
    expect(online).toHaveTextContent(`${deviceTexts.lastSeen} 2030-03-01 09:30 AM GMT+8`);
    expect(within(online).getByText('2030-03-01 09:30 AM GMT+8')).toHaveAttribute('dateTime', '2030-03-01T01:30:00.000Z');
    // Nothing waiting, the study's own zone: neither is mentioned.
    expect(online).not.toHaveTextContent(/waiting|Phone in/);
  });

  it('shows answers waiting on the phone, and the phone’s zone only when it is not the study’s', async () => {
    openPage();
    const away = await screen.findByRole('cell', { name: 'AWAY33' }).then(() => deviceCell('AWAY33'));
    expect(away).toHaveTextContent(deviceTexts.answersWaiting(2));
    expect(away).toHaveTextContent('2 answers waiting on the phone');
    expect(away).toHaveTextContent(deviceTexts.phoneZone('Europe/Paris', 'Asia/Hong_Kong'));
    expect(deviceCell('DENIED')).toHaveTextContent('1 answer waiting on the phone');
  });

  it.each<[string, PushOffReason]>([
    ['DENIED', 'denied'],
    ['IPHONE', 'notInstalled'],
    ['LOSTPU', 'lost'],
    ['NOSUBS', 'noSubscription'],
    ['NOPUSH', 'unsupported'],
  ])('shows push off for %s with why (%s)', async (code, reason) => {
    openPage();
    await screen.findByRole('cell', { name: code });
    const cell = deviceCell(code);
    expect(cell).toHaveTextContent(`${deviceTexts.pushOff} ${deviceTexts.offReasons[reason]}`);
    expect(cell).not.toHaveTextContent(deviceTexts.pushOn);
  });
});
