// Replays each saved snapshot of __tests__/snapshots into a real store and checks the screen it describes.
import { act, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { snapshotLoaded } from '../../../../src/client/app/qa/qaSlice';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, testStore } from '../../testUtils';

interface Fixture {
  route: string;
  state: unknown;
  expect: string[];
}

const folder = path.join(__dirname, '../../../snapshots');
const files = readdirSync(folder).filter((name) => name.endsWith('.json'));

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

describe('QA snapshot replay', () => {
  it('has fixtures to replay', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  it.each(files)('%s shows the saved screen without fetching over it', async (file) => {
    const fixture = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Fixture;
    const store = testStore();
    act(() => {
      store.dispatch(snapshotLoaded(fixture.state));
    });
    renderWithProviders(undefined, { store, route: fixture.route });
    for (const text of fixture.expect) {
      expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
    }
    expect(currentLocation()).toBe(fixture.route);
    expect(net.sent).toEqual([]);
  });
});
