// The account page's API keys section with a real store: the studies checklist from the server, the shared rules'
// messages before any call, the server's refusal in place, the new key shown once with a copy button, the list
// with last use, and revoking after a confirmation.
import { screen, within } from '@testing-library/react';
import { mockApi, type MockApi } from '../../support/mockApi';
import { openPage } from '../participants/support';
import { API_KEY_NAME_MAX, type ApiKeyStudy, type ApiKeySummary } from '../../../../src/shared/apiKeys';
import { apiKeyMessages, apiKeyTexts } from '../../../../src/shared/messages';
import { expiryDayRange, expiryOfDay } from '../../../../src/client/features/account/expiry';

const studies: ApiKeyStudy[] = [
  { id: 's1', name: 'Sleep diary', code: 'SLEEP1' },
  { id: 's2', name: 'Mood', code: 'MOOD22' },
];

const used: ApiKeySummary = {
  id: 'k1',
  name: 'Nightly R',
  prefix: 'rsp_AbCdEfGh',
  studyIds: ['s1'],
  createdAt: '2030-01-01T08:00:00.000Z',
  expiresAt: '2999-01-01T00:00:00.000Z',
  lastUsedAt: '2030-01-02T09:00:00.000Z',
  revokedAt: null,
};

let net: MockApi;
afterEach(() => net.restore());

function withKeys(keys: ApiKeySummary[]): MockApi {
  return mockApi().on('GET', '/api/users/me/api_keys', { status: 200, data: keys }).on('GET', '/api/users/me/api_keys/studies', { status: 200, data: studies });
}

it('lists the keys with their studies and last use, and revokes one after a confirmation', async () => {
  net = withKeys([used]).on('DELETE', '/api/users/me/api_keys/k1', { status: 200, data: { message: apiKeyMessages.keyRevokedDone } });
  const page = openPage('/account');
  expect(await screen.findByRole('heading', { name: apiKeyTexts.section })).toBeInTheDocument();
  const row = await screen.findByTestId('api-key-row');
  expect(within(row).getByText('Sleep diary')).toBeInTheDocument();
  expect(within(row).getByText('rsp_AbCdEfGh…')).toBeInTheDocument();
  expect(within(row).getByText(new Date(used.lastUsedAt ?? '').toLocaleString())).toBeInTheDocument();

  await page.user.click(within(row).getByRole('button', { name: apiKeyTexts.revoke }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(apiKeyTexts.revokeTitle)).toBeInTheDocument();
  expect(net.sentTo('DELETE', '/api/users/me/api_keys/k1')).toHaveLength(0);
  await page.user.click(within(dialog).getByRole('button', { name: apiKeyTexts.revoke }));
  expect(await within(row).findByText(apiKeyTexts.revoked)).toBeInTheDocument();
  expect(net.sentTo('DELETE', '/api/users/me/api_keys/k1')).toHaveLength(1);
});

it('shows the shared rules’ messages without calling the server', async () => {
  net = withKeys([]);
  const page = openPage('/account');
  await screen.findByLabelText(/Sleep diary/);
  const create = screen.getByRole('button', { name: apiKeyTexts.create });

  await page.user.click(create);
  expect(await screen.findByText(apiKeyMessages.nameRequired)).toBeInTheDocument();
  await page.user.type(screen.getByLabelText(apiKeyTexts.name), 'n'.repeat(API_KEY_NAME_MAX + 1));
  await page.user.click(create);
  expect(await screen.findByText(apiKeyMessages.nameTooLong)).toBeInTheDocument();
  await page.user.clear(screen.getByLabelText(apiKeyTexts.name));
  await page.user.type(screen.getByLabelText(apiKeyTexts.name), 'Script');
  await page.user.click(create);
  expect(await screen.findByText(apiKeyMessages.studiesRequired)).toBeInTheDocument();
  await page.user.click(screen.getByLabelText(/Sleep diary/));
  await page.user.clear(screen.getByLabelText(apiKeyTexts.expiry));
  await page.user.click(create);
  expect(await screen.findByText(apiKeyMessages.expiryRequired)).toBeInTheDocument();
  await page.user.type(screen.getByLabelText(apiKeyTexts.expiry), '2001-01-01');
  await page.user.click(create);
  expect(await screen.findByText(apiKeyMessages.expiryInPast)).toBeInTheDocument();
  await page.user.clear(screen.getByLabelText(apiKeyTexts.expiry));
  await page.user.type(screen.getByLabelText(apiKeyTexts.expiry), `${new Date().getFullYear() + 2}-01-01`);
  await page.user.click(create);
  expect(await screen.findByText(apiKeyMessages.expiryTooFar)).toBeInTheDocument();
  expect(net.sentTo('POST', '/api/users/me/api_keys')).toHaveLength(0);
});

it("shows the server's refusal in the form", async () => {
  net = withKeys([]).on('POST', '/api/users/me/api_keys', { status: 403, data: { message: apiKeyMessages.studyNotDownloadable } });
  const page = openPage('/account');
  await page.user.type(await screen.findByLabelText(apiKeyTexts.name), 'Script');
  await page.user.click(screen.getByLabelText(/Mood/));
  await page.user.click(screen.getByRole('button', { name: apiKeyTexts.create }));
  expect(await screen.findByText(apiKeyMessages.studyNotDownloadable)).toBeInTheDocument();
  expect(screen.queryByTestId('created-api-key')).not.toBeInTheDocument();
});

it('makes a key with the name, studies and end of the chosen day, shows it once with a copy button, then forgets it', async () => {
  const created = { id: 'k2', key: 'rsp_secretsecretsecretsecretsecretsecretsecre' };
  net = withKeys([]).on('POST', '/api/users/me/api_keys', { status: 201, data: created });
  const page = openPage('/account');
  await page.user.type(await screen.findByLabelText(apiKeyTexts.name), 'Python export');
  await page.user.click(screen.getByLabelText(/Sleep diary/));
  await page.user.click(screen.getByLabelText(/Mood/));
  const day = expiryDayRange(new Date()).max;
  await page.user.clear(screen.getByLabelText(apiKeyTexts.expiry));
  await page.user.type(screen.getByLabelText(apiKeyTexts.expiry), day);
  await page.user.click(screen.getByRole('button', { name: apiKeyTexts.create }));

  const shown = await screen.findByTestId('created-api-key');
  expect(within(shown).getByText(created.key)).toBeInTheDocument();
  expect(within(shown).getByText(apiKeyTexts.shownOnce)).toBeInTheDocument();
  expect(net.sentTo('POST', '/api/users/me/api_keys')[0].body).toEqual({ name: 'Python export', studyIds: ['s1', 's2'], expiresAt: expiryOfDay(day) });
  await page.user.click(within(shown).getByRole('button', { name: apiKeyTexts.copy }));
  // user-event's clipboard stands in for the browser's.
  expect(await within(shown).findByRole('button', { name: apiKeyTexts.copied })).toBeInTheDocument();
  expect(await navigator.clipboard.readText()).toBe(created.key);

  await page.user.click(within(shown).getByRole('button', { name: apiKeyTexts.done }));
  expect(screen.queryByText(created.key)).not.toBeInTheDocument();
});
