// Save Changes on a live study (issue 21): the impact is asked for first and shown per change and participant;
// nothing is saved until the researcher confirms, and the save names only the changes chosen for now.
import { screen, within } from '@testing-library/react';
import { liveEditTexts, studyMessages } from '../../../../src/shared/messages';
import { noImpact, type LiveEditImpact, type ParticipantImpact } from '../../../../src/shared/types/liveEdits';
import { mockApi, type MockApi } from '../../support/mockApi';
import { openEditor } from './editorHarness';
import { group, stage, study } from './studyFixtures';

const live = study({ active_status: 'active', stage_list: [stage(1, { participant_group_list: [group(1, 1, { name: 'Everyone' })] })] });

function participant(code: string, counts: Partial<ParticipantImpact>): ParticipantImpact {
  return { ...noImpact(), participant_id: `p-${code}`, participant_code: code, pilot: false, ...counts };
}

const moved = participant('P001', { prompts_moved: 2 });
const pilot = participant('P002', { prompts_moved: 1, prompts_added: 1, pilot: true });
const impact: LiveEditImpact = {
  live: true,
  total: { ...noImpact(), prompts_moved: 3, prompts_added: 1, diaries_lengthened: 1 },
  changes: [
    { key: 'group1-1:ema', stage_id: 'stage1', group_id: 'group1-1', group_name: 'Everyone', part: 'ema', participants: [moved, pilot], total: { ...noImpact(), prompts_moved: 3, prompts_added: 1 } },
    { key: 'group1-1:diary', stage_id: 'stage1', group_id: 'group1-1', group_name: 'Everyone', part: 'diary', participants: [participant('P001', { diaries_lengthened: 1 })], total: { ...noImpact(), diaries_lengthened: 1 } },
  ],
};

let net: MockApi;
beforeEach(() => {
  net = mockApi().on('PUT', '/api/studies/s1/edit_except_consent', (request) => ({ status: 200, data: { ...live, ...(request.body as object) } }));
});
afterEach(() => net.restore());

async function saveLiveEdit() {
  const rendered = await openEditor(net, live);
  net.on('POST', '/api/studies/s1/edit_impact', { status: 200, data: impact });
  await rendered.user.clear(screen.getByLabelText('Contact Person'));
  await rendered.user.type(screen.getByLabelText('Contact Person'), 'Dr. Lee');
  await rendered.user.click(screen.getByRole('button', { name: 'Save Changes' }));
  const dialog = await screen.findByRole('dialog', { name: liveEditTexts.title });
  return { ...rendered, dialog };
}

describe('Save Changes on a live study', () => {
  it('shows the impact per change and per participant before saving anything', async () => {
    const { dialog } = await saveLiveEdit();
    expect(net.sentTo('POST', '/api/studies/s1/edit_impact')).toHaveLength(1);
    expect(net.sentTo('PUT', '/api/studies/s1/edit_except_consent')).toHaveLength(0);
    const ema = within(dialog).getByRole('region', { name: 'Stage 1: Baseline, Group 1: Everyone: EMA settings' });
    expect(within(ema).getByText('1 prompts added, 3 prompts moved')).toBeInTheDocument();
    expect(within(ema).getByRole('row', { name: 'P001 2 prompts moved' })).toBeInTheDocument();
    expect(within(ema).getByRole('row', { name: `P002 ${liveEditTexts.pilot} 1 prompts added, 1 prompts moved` })).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Stage 1: Baseline, Group 1: Everyone: Diary settings' })).toHaveTextContent('1 diaries lengthened');
    expect(within(dialog).getByText(`${liveEditTexts.total}: 1 prompts added, 3 prompts moved, 1 diaries lengthened`)).toBeInTheDocument();
    // Those already in the stage keep their plan unless the researcher chooses otherwise.
    expect(within(ema).getByRole('radio', { name: liveEditTexts.applyLater })).toBeChecked();
  });

  it('applies now only the changes chosen, on confirmation', async () => {
    const { dialog, user } = await saveLiveEdit();
    const ema = within(dialog).getByRole('region', { name: 'Stage 1: Baseline, Group 1: Everyone: EMA settings' });
    await user.click(within(ema).getByRole('radio', { name: liveEditTexts.applyNow }));
    await user.click(within(dialog).getByRole('button', { name: liveEditTexts.confirm }));
    expect(await screen.findByText(studyMessages.changesSaved)).toBeInTheDocument();
    const [sent] = net.sentTo('PUT', '/api/studies/s1/edit_except_consent');
    expect(sent.body).toMatchObject({ contact_person_name: 'Dr. Lee', apply_now: ['group1-1:ema'] });
  });

  it('saves nothing when cancelled', async () => {
    const { dialog, user } = await saveLiveEdit();
    await user.click(within(dialog).getByRole('button', { name: liveEditTexts.cancel }));
    expect(screen.queryByRole('dialog', { name: liveEditTexts.title })).not.toBeInTheDocument();
    expect(net.sentTo('PUT', '/api/studies/s1/edit_except_consent')).toHaveLength(0);
  });

  it('says that changes nobody is affected by reach only later arrivals', async () => {
    const rendered = await openEditor(net, live);
    const none = { ...impact, total: noImpact(), changes: impact.changes.map((c) => ({ ...c, participants: [], total: noImpact() })) };
    net.on('POST', '/api/studies/s1/edit_impact', { status: 200, data: none });
    await rendered.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: liveEditTexts.title });
    expect(within(dialog).getByText(liveEditTexts.noneAffected)).toBeInTheDocument();
    await rendered.user.click(within(dialog).getByRole('button', { name: liveEditTexts.confirm }));
    expect(await screen.findByText(studyMessages.changesSaved)).toBeInTheDocument();
    expect(net.sentTo('PUT', '/api/studies/s1/edit_except_consent')[0].body).toMatchObject({ apply_now: [] });
  });
});
