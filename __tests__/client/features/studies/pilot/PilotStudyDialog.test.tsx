import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_ACCESS } from '../../../../../src/shared/access';
import { pilotMessages } from '../../../../../src/shared/messages';
import { pilotTexts } from '../../../../../src/shared/pilotTexts';
import { pilotSessionOf } from '../../../../../src/client/features/studies/pilot/pilotSessions';
import { labUserSession } from '../../../support/fixtures';
import { mockApi, type MockApi } from '../../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../../testUtils';
import { accessWithout, group, inactiveStudy, stage, study } from '../studyFixtures';
import { created, pilot } from './pilotFixtures';

const twoStages = study({ stage_list: [stage(1, { participant_group_list: [group(1, 1), group(1, 2)] }), stage(2, { participant_group_list: [group(2, 1), group(2, 2)] })] });

let net: MockApi;
beforeEach(() => {
  sessionStorage.clear();
  net = mockApi()
    .on('GET', '/api/studies?pageNumber=1', { status: 200, data: { studies: [inactiveStudy], pages: 1, page: 1 } })
    .on('GET', '/api/studies/s1', { status: 200, data: twoStages })
    .on('POST', '/api/studies/s1/pilot', { status: 201, data: created() })
    .on('GET', '/api/pilots/p1', { status: 200, data: pilot() });
});
afterEach(() => net.restore());

function open(access = [...ALL_ACCESS]) {
  return renderWithProviders(undefined, {
    route: '/studies/1',
    preloadedState: { auth: { ...signedIn({ labUser: labUserSession() }), allAccess: access } },
  });
}

describe("'Pilot this study' on the Study List", () => {
  it('offers the first stage and group, pilots the chosen ones and opens the pilot page', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: `${pilotTexts.pilotButton} ABC234` }));
    const dialog = await screen.findByRole('dialog', { name: pilotTexts.dialogTitle });
    const stageSelect = await within(dialog).findByLabelText(pilotTexts.stageLabel);
    expect(stageSelect).toHaveValue('stage1');
    expect(within(dialog).getByLabelText(pilotTexts.groupLabel)).toHaveValue('group1-1');
    await userEvent.selectOptions(stageSelect, 'stage2');
    expect(within(dialog).getByLabelText(pilotTexts.groupLabel)).toHaveValue('group2-1');
    await userEvent.selectOptions(within(dialog).getByLabelText(pilotTexts.groupLabel), 'group2-2');
    await userEvent.click(within(dialog).getByRole('button', { name: pilotTexts.start }));
    await waitFor(() => expect(currentLocation()).toBe('/studies/s1/pilot/p1'));
    expect(net.sentTo('POST', '/api/studies/s1/pilot').map((r) => r.body)).toEqual([{ stageId: 'stage2', groupId: 'group2-2' }]);
    expect(pilotSessionOf('p1')?.token).toBe('pilot-token');
    expect(await screen.findByTitle(pilotTexts.frameTitle)).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog and stays", async () => {
    net.on('POST', '/api/studies/s1/pilot', { status: 400, data: { message: pilotMessages.groupNeedsStage } });
    open();
    await userEvent.click(await screen.findByRole('button', { name: `${pilotTexts.pilotButton} ABC234` }));
    const dialog = await screen.findByRole('dialog', { name: pilotTexts.dialogTitle });
    await within(dialog).findByLabelText(pilotTexts.stageLabel);
    await userEvent.click(within(dialog).getByRole('button', { name: pilotTexts.start }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(pilotMessages.groupNeedsStage);
    expect(currentLocation()).toBe('/studies/1');
  });

  it('is not offered without the study editor permission', async () => {
    open(accessWithout('editBasicInfo'));
    await screen.findByRole('cell', { name: 'ABC234' });
    expect(screen.queryByRole('button', { name: `${pilotTexts.pilotButton} ABC234` })).not.toBeInTheDocument();
  });
});
