// The study's data rights on Edit Study (issue 36 part 3) on a real store: the loaded choice, a save sending both
// fields (a blank date as null), the server's refusal shown beside the fields, and read-only without the permission.
import { screen, waitFor } from '@testing-library/react';
import { DataRightsFields } from '../../../../../src/client/features/studies/dataRights/DataRightsFields';
import { dataRightsMessages as texts } from '../../../../../src/shared/messages';
import { labUserSession } from '../../../support/fixtures';
import { mockApi, type MockApi } from '../../../support/mockApi';
import { renderWithProviders, signedIn } from '../../../testUtils';

const URL = '/api/studies/s1/data_rights';
const auth = signedIn({ labUser: labUserSession() });

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const show = (canEdit = true) => renderWithProviders(<DataRightsFields studyId="s1" canEdit={canEdit} />, { preloadedState: { auth } });

describe('DataRightsFields', () => {
  it('shows the loaded choice and saves a change of both fields', async () => {
    net.on('GET', URL, { status: 200, data: { keepAnswersOnErasure: false, retentionUntil: '2030-06-30' } });
    net.on('PUT', URL, { status: 200, data: { keepAnswersOnErasure: true, retentionUntil: null } });
    const { user } = show();
    const keep = await screen.findByRole('checkbox', { name: texts.keepAnswersLabel });
    expect(keep).not.toBeChecked();
    const date = screen.getByLabelText(texts.retentionUntilLabel);
    expect(date).toHaveValue('2030-06-30');
    await user.click(keep);
    await user.clear(date);
    await user.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() => expect(net.sentTo('PUT', URL).map((r) => r.body)).toEqual([{ keepAnswersOnErasure: true, retentionUntil: null }]));
    expect(screen.getByRole('checkbox', { name: texts.keepAnswersLabel })).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal once the study has run, and clears it on a change", async () => {
    net.on('GET', URL, { status: 200, data: { keepAnswersOnErasure: false, retentionUntil: null } });
    net.on('PUT', URL, { status: 409, data: { message: texts.keepAnswersLocked } });
    const { user } = show();
    await user.click(await screen.findByRole('checkbox', { name: texts.keepAnswersLabel }));
    await user.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(texts.keepAnswersLocked)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: texts.keepAnswersLabel }));
    expect(screen.queryByText(texts.keepAnswersLocked)).not.toBeInTheDocument();
  });

  it('is read-only without the permission: no Save', async () => {
    net.on('GET', URL, { status: 200, data: { keepAnswersOnErasure: true, retentionUntil: null } });
    show(false);
    expect(await screen.findByRole('checkbox', { name: texts.keepAnswersLabel })).toBeDisabled();
    expect(screen.queryByRole('button', { name: texts.save })).not.toBeInTheDocument();
  });
});
