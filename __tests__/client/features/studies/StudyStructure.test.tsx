// The study editor's structure (part 2 section 2.2): stage columns and group blocks, the confirmation before
// adding or deleting a stage or group, the calls of section 7 and their toasts, and the permission entries of
// section 6 that hide or lock each control.
import { screen, within } from '@testing-library/react';
import { ALL_ACCESS } from '../../../../src/shared/access';
import { studyMessages } from '../../../../src/shared/messages';
import type { StudyEditBody } from '../../../../src/shared/types/study';
import { mockApi, type MockApi } from '../../support/mockApi';
import { groupBlock, openEditor } from './editorHarness';
import { accessWithout, group, stage, study } from './studyFixtures';

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const WARNING = studyMessages.structureChangeWarning;
const twoStages = () => study({ stage_list: [stage(1), stage(2, { participant_group_list: [group(2, 1), group(2, 2)] })] });

describe('Study editor: stages and groups', () => {
  it('shows each stage’s texts and groups; stage 1 and group 1 cannot be deleted, stage 1 takes no group', async () => {
    await openEditor(net, twoStages());
    const first = screen.getByRole('region', { name: 'Stage 1' });
    const second = screen.getByRole('region', { name: 'Stage 2' });
    expect(within(first).queryByRole('button', { name: 'Delete Stage' })).not.toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Add Participant Group' })).not.toBeInTheDocument();
    // Stage 1 says why it has no Add Participant Group; later stages, which have it, do not.
    expect(within(first).getByText(studyMessages.stageOneNoGroups)).toBeInTheDocument();
    expect(within(second).queryByText(studyMessages.stageOneNoGroups)).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Delete Stage' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Add Participant Group' })).toBeInTheDocument();
    expect(within(groupBlock(1, 1)).queryByRole('button', { name: 'Delete Group' })).not.toBeInTheDocument();
    expect(within(groupBlock(2, 1)).queryByRole('button', { name: 'Delete Group' })).not.toBeInTheDocument();
    expect(within(groupBlock(2, 2)).getByRole('button', { name: 'Delete Group' })).toBeInTheDocument();
    for (const label of ['Stage name (as presented to participants)', 'Message displayed during this stage', 'Message displayed at the time when this stage is completed']) {
      expect(within(second).getByLabelText(label)).not.toHaveAttribute('readonly');
    }
    const block = groupBlock(2, 2);
    expect(within(block).getByRole('heading', { name: 'EMA Assessments' })).toBeInTheDocument();
    expect(within(block).getByRole('heading', { name: 'Diary Assessments' })).toBeInTheDocument();
    expect(within(block).getByLabelText('Participants are free to choose the order of the one-time assessments')).toBeDisabled();
    expect(within(block).getByRole('button', { name: 'Edit Order of Selected Questionnaires' })).toBeInTheDocument();
  });

  it('adds a participant group after the warning, then shows the study the server answers', async () => {
    const answer = study({ stage_list: [stage(1), stage(2, { participant_group_list: [group(2, 1), group(2, 2), group(2, 3)] })] });
    net.on('PUT', '/api/studies/stage2/add_group', { status: 200, data: answer });
    const { user } = await openEditor(net, twoStages());
    const second = screen.getByRole('region', { name: 'Stage 2' });
    await user.click(within(second).getByRole('button', { name: 'Add Participant Group' }));
    await user.click(within(await screen.findByRole('dialog', { name: WARNING })).getByRole('button', { name: 'Cancel' }));
    expect(net.sentTo('PUT', '/api/studies/stage2/add_group')).toEqual([]);
    await user.click(within(second).getByRole('button', { name: 'Add Participant Group' }));
    await user.click(within(await screen.findByRole('dialog', { name: WARNING })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(studyMessages.groupAdded)).toBeInTheDocument();
    expect(groupBlock(2, 3)).toBeInTheDocument();
    expect(net.sentTo('PUT', '/api/studies/stage2/add_group')[0].body).toBeNull();
  });

  it('deletes a group by its id after the warning; the unsaved edits give way to the server’s study', async () => {
    net.on('DELETE', '/api/studies/s1/group2-2/delete_group', { status: 200, data: study({ stage_list: [stage(1), stage(2)] }) });
    const { user } = await openEditor(net, twoStages());
    const name = within(groupBlock(2, 1)).getByLabelText('Group Name');
    await user.type(name, 'Not saved');
    await user.click(within(groupBlock(2, 2)).getByRole('button', { name: 'Delete Group' }));
    await user.click(within(await screen.findByRole('dialog', { name: WARNING })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(studyMessages.groupDeleted)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Stage 2' })).queryByRole('region', { name: 'Participant Group 2' })).not.toBeInTheDocument();
    expect(within(groupBlock(2, 1)).getByLabelText('Group Name')).toHaveValue('');
  });

  it('deletes a stage by its number after the warning', async () => {
    net.on('DELETE', '/api/studies/s1/2/delete_stage', { status: 200, data: study() });
    const { user } = await openEditor(net, twoStages());
    await user.click(within(screen.getByRole('region', { name: 'Stage 2' })).getByRole('button', { name: 'Delete Stage' }));
    await user.click(within(await screen.findByRole('dialog', { name: WARNING })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(studyMessages.stageDeleted)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Stage 2' })).not.toBeInTheDocument();
  });

  it('shows a refused structure change in the red alert at the top', async () => {
    net
      .on('DELETE', '/api/studies/s1/group2-2/delete_group', { status: 403, data: { message: 'You do not have the permission STUDY/DELETE/STUDY_STAGE' } })
      .on('GET', '/api/access/get_all_access', { status: 200, data: { allAccess: ALL_ACCESS } });
    const { user } = await openEditor(net, twoStages());
    await user.click(within(groupBlock(2, 2)).getByRole('button', { name: 'Delete Group' }));
    await user.click(within(await screen.findByRole('dialog', { name: WARNING })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have the permission STUDY/DELETE/STUDY_STAGE');
    expect(screen.queryByText(studyMessages.groupDeleted)).not.toBeInTheDocument();
    expect(groupBlock(2, 2)).toBeInTheDocument();
  });

  it('Save Changes sends the stage texts and group names with the basic information', async () => {
    net.on('PUT', '/api/studies/s1/edit_except_consent', { status: 200, data: twoStages() });
    const { user } = await openEditor(net, twoStages());
    const second = screen.getByRole('region', { name: 'Stage 2' });
    await user.type(within(second).getByLabelText('Stage name (as presented to participants)'), 'Follow-up');
    await user.type(within(second).getByLabelText('Message displayed during this stage'), 'Thank you for joining.');
    await user.type(within(second).getByLabelText('Message displayed at the time when this stage is completed'), 'All done!');
    await user.type(within(groupBlock(2, 2)).getByLabelText('Group Name'), 'Evening');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(studyMessages.changesSaved)).toBeInTheDocument();
    const body = net.sentTo('PUT', '/api/studies/s1/edit_except_consent')[0].body as StudyEditBody;
    expect(body.stage_list?.[1]).toMatchObject({
      _id: 'stage2',
      chin_name: 'Follow-up',
      chin_progress_message: 'Thank you for joining.',
      chin_complete_message: 'All done!',
      participant_group_list: [{ _id: 'group2-1', name: '' }, { _id: 'group2-2', name: 'Evening' }],
    });
  });
});

describe('Study editor: permission entries (part 2 section 6)', () => {
  it('without STUDY/DELETE/STUDY_STAGE there is neither Delete Stage nor Delete Group', async () => {
    await openEditor(net, twoStages(), accessWithout('deleteStage'));
    expect(screen.queryByRole('button', { name: 'Delete Stage' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Group' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Participant Group' })).toBeInTheDocument();
  });

  it('without STUDY/ADD/PARTICIPANT_GROUP there is no Add Participant Group', async () => {
    await openEditor(net, twoStages(), accessWithout('addGroup'));
    expect(screen.queryByRole('button', { name: 'Add Participant Group' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Stage' })).toBeInTheDocument();
  });

  it('without STUDY/EDIT/STUDY_STAGE_MESSAGES the stage name and messages are read-only', async () => {
    await openEditor(net, twoStages(), accessWithout('editStageMessages'));
    const second = screen.getByRole('region', { name: 'Stage 2' });
    for (const label of ['Stage name (as presented to participants)', 'Message displayed during this stage', 'Message displayed at the time when this stage is completed']) {
      expect(within(second).getByLabelText(label)).toHaveAttribute('readonly');
    }
    expect(within(groupBlock(2, 2)).getByLabelText('Group Name')).not.toHaveAttribute('readonly');
  });
});
