// The Activity page with a real store: a study's entries with before and after side by side, the filters and
// the pages sent to the server, and the server's refusal shown.
import { screen, within } from '@testing-library/react';
import type { ActivityEntry, ActivityPage } from '../../../../src/shared/audit';
import { mockApi, type MockApi } from '../../support/mockApi';
import { openPage } from '../participants/support';
import { labUserSession } from '../../support/fixtures';
import { renderWithProviders, signedIn } from '../../testUtils';

const entry = (seq: number, changes: ActivityEntry['changes']): ActivityEntry => ({
  seq,
  at: '2030-03-01T09:30:00.000Z',
  actorKind: 'lab_user',
  actorId: 'u1',
  actorEmail: 'ann@lab.org',
  kind: 'study.basics.changed',
  entityType: 'study',
  entityId: 's1',
  studyId: 's1',
  labId: 'l1',
  changes,
});

const firstPage: ActivityPage = {
  entries: [entry(30, [{ field: 'chin_name', before: 'Sleep', after: 'Sleep diary' }])],
  total: 26,
  page: 1,
  pageSize: 25,
};
const secondPage: ActivityPage = { entries: [entry(4, [{ field: 'contact_email', before: '', after: 'a@b.org' }])], total: 26, page: 2, pageSize: 25 };

let net: MockApi;
afterEach(() => net.restore());

it("shows a study's entries with before and after side by side, and pages through them", async () => {
  net = mockApi()
    .on('GET', '/api/activity?studyId=s1&page=1', { status: 200, data: firstPage })
    .on('GET', '/api/activity?studyId=s1&page=2', { status: 200, data: secondPage });
  const page = openPage('/studies/s1/activity');
  expect(await screen.findByRole('heading', { name: 'Study Activity' })).toBeInTheDocument();
  const row = (await screen.findByText('chin_name')).closest('tr');
  if (!row) throw new Error('no change row');
  expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['chin_name', 'Sleep', 'Sleep diary']);
  expect(screen.getByText('ann@lab.org')).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'Basic information changed' })).toBeInTheDocument();
  expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('contact_email')).toBeInTheDocument();
  expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  expect(screen.queryByText('chin_name')).not.toBeInTheDocument();
});

it('sends the person, kind and days chosen, from the first page', async () => {
  const filtered = '/api/activity?studyId=s1&person=ann%40lab.org&kind=study.consent.changed&from=2030-03-01T00%3A00%3A00.000Z&to=2030-03-03T00%3A00%3A00.000Z&page=1';
  net = mockApi()
    .on('GET', '/api/activity?studyId=s1&page=1', { status: 200, data: firstPage })
    .on('GET', filtered, { status: 200, data: { entries: [], total: 0, page: 1, pageSize: 25 } });
  const page = openPage('/studies/s1/activity');
  await screen.findByText('chin_name');
  await page.user.type(screen.getByLabelText('Person'), 'ann@lab.org');
  await page.user.selectOptions(screen.getByLabelText('Kind'), 'Consent changed');
  await page.user.type(screen.getByLabelText('From'), '2030-03-01');
  await page.user.type(screen.getByLabelText('To'), '2030-03-02');
  await page.user.click(screen.getByRole('button', { name: 'Show' }));
  expect(await screen.findByText('No activity recorded.')).toBeInTheDocument();
  expect(net.sentTo('GET', filtered)).toHaveLength(1);
});

it("shows the server's refusal in the red alert, and no entries", async () => {
  net = mockApi().on('GET', '/api/activity?studyId=s1&page=1', { status: 404, data: { message: 'Study not found' } });
  openPage('/studies/s1/activity');
  expect(await screen.findByText('Study not found')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it("shows a re-point of participants' future tasks on the lab's Activity page, with the version and the counts", async () => {
  const repointed: ActivityEntry = {
    ...entry(31, [
      { field: 'participants', before: null, after: 2 },
      { field: 'questionnaire', before: null, after: 'Stress' },
      { field: 'tasks', before: null, after: 5 },
      { field: 'version', before: null, after: 2 },
    ]),
    kind: 'questionnaire.repointed',
    entityType: 'questionnaire',
    entityId: 'q1',
    studyId: null,
  };
  net = mockApi().on('GET', '/api/activity?page=1', { status: 200, data: { entries: [repointed], total: 1, page: 1, pageSize: 25 } });
  // A lab manager's page: the entry is the lab's, about no study.
  renderWithProviders(undefined, { route: '/lab/activity', preloadedState: { auth: signedIn({ labUser: labUserSession({ isLabManager: true }) }) } });
  expect(await screen.findByRole('cell', { name: 'Future tasks re-pointed' })).toBeInTheDocument();
  const version = (await screen.findByText('version')).closest('tr');
  if (!version) throw new Error('no change row');
  expect(within(version).getAllByRole('cell').map((c) => c.textContent)).toEqual(['version', '—', '2']);
  expect(within(screen.getByLabelText('Kind')).getByRole('option', { name: 'Future tasks re-pointed' })).toBeInTheDocument();
});
