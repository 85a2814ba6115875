import { screen, within } from '@testing-library/react';
import { generalMessages, participantMessages } from '../../../../src/shared/messages';
import type { ParticipantCountsAnswer } from '../../../../src/shared/types/participant';
import { mockApi, type MockApi } from '../../support/mockApi';
import { twoStageStudy } from './participantFixtures';
import { openPage } from './support';

const COUNTS = '/api/participants/s1/counts';
const counts: ParticipantCountsAnswer = {
  total: 7,
  stages: [
    { _id: 'stage1', chin_name: 'Baseline', stage_num: 1, participants: 4, groups: [{ _id: 'group1-1', name: 'Everyone', group_num: 1, participants: 4 }] },
    {
      _id: 'stage2',
      chin_name: 'Intervention',
      stage_num: 2,
      participants: 3,
      groups: [
        { _id: 'group2-1', name: 'Diary', group_num: 1, participants: 2 },
        { _id: 'group2-2', name: 'Control', group_num: 2, participants: 1 },
      ],
    },
  ],
};

let net: MockApi;
beforeEach(() => {
  net = mockApi().on('GET', '/api/studies/s1', { status: 200, data: twoStageStudy }).on('GET', COUNTS, { status: 200, data: counts });
});
afterEach(() => net.restore());

describe('StudyProgressPage (/participants/check_progress/{studyId})', () => {
  it('shows the participants of each stage and group', async () => {
    openPage('/participants/check_progress/s1');
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: 'Study Progress' })).toBeInTheDocument();
    expect(screen.getByText('ABC234')).toBeInTheDocument();
    expect(within(table).getByText(/7 in all/)).toBeInTheDocument();
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => Array.from(r.children).map((c) => c.textContent));
    expect(lines).toEqual([
      ['Stage 1: Baseline4 in this stage', 'Group 1: Everyone', '4'],
      ['Stage 2: Intervention3 in this stage', 'Group 1: Diary', '2'],
      ['Group 2: Control', '1'],
    ]);
  });

  it('says no participant is found in a study without participants', async () => {
    net.on('GET', COUNTS, { status: 200, data: { total: 0, stages: [{ ...counts.stages[0], participants: 0, groups: [] }] } });
    openPage('/participants/check_progress/s1');
    expect(await screen.findByText(participantMessages.noParticipants)).toBeInTheDocument();
  });

  it('shows the server’s message for another lab’s study', async () => {
    net
      .on('GET', '/api/studies/s1', { status: 404, data: { message: generalMessages.notFound } })
      .on('GET', COUNTS, { status: 404, data: { message: generalMessages.notFound } });
    openPage('/participants/check_progress/s1');
    expect(await screen.findByRole('alert')).toHaveTextContent(generalMessages.notFound);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
