import { screen, waitFor, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { generalMessages, participantMessages } from '../../../../../src/shared/messages';
import { dataDownloadTexts } from '../../../../../src/shared/dataDownloadTexts';
import { pilotTexts } from '../../../../../src/shared/pilotTexts';
import { progressTexts } from '../../../../../src/shared/progress';
import type { ParticipantProgress, StudyProgressAnswer, StudyProgressBody } from '../../../../../src/shared/types/progress';
import { scoreProgressTexts } from '../../../../../src/shared/scoreProgress';
import type { ScoreProgressAnswer, ScoreProgressBody } from '../../../../../src/shared/types/scoreProgress';
import { mockApi, type MockApi } from '../../../support/mockApi';
import { twoStageStudy } from '../participantFixtures';
import { openPage } from '../support';

const PROGRESS = '/api/participants/s1/progress';
const SCORES = '/api/participants/s1/progress/scores';
const noScores: ScoreProgressAnswer = { choices: [], chosen: null, days: [] };
const ROUTE = '/participants/check_progress/s1';

function row(code: string, changes: Partial<ParticipantProgress> = {}): ParticipantProgress {
  return {
    _id: `p-${code}`,
    participant_code: code,
    email: `${code.toLowerCase()}@example.org`,
    status: 'enrolled',
    arrived_at: '2030-03-01T01:30:00.000Z',
    prompts: { planned: 10, delivered: 8, opened: 6, completed: 5, late: 1, expired: 3, open: 1, closed: 9, closedDelivered: 8 },
    rates: { delivery: 0.8, response: 5 / 8, completion: 0.5 },
    recent: { planned: 4, closed: 4, delivered: 4, completed: 3, response: 0.75 },
    flag: null,
    diary: { daysDone: 3, daysLeft: 4 },
    once: { done: 1, total: 2 },
    followups: { planned: 0, delivered: 0, opened: 0, completed: 0, late: 0, expired: 0, open: 0, closed: 0, closedDelivered: 0 },
    followupRates: { delivery: null, response: null, completion: null },
    ...changes,
  };
}

// In the server's order: least compliant first.
const answer: StudyProgressAnswer = {
  asOf: '2030-03-05T00:00:00.000Z',
  participants: [
    row('LOW111', { flag: 'lowResponse', rates: { delivery: 0.9, response: 0.2, completion: 0.18 } }),
    row('GONE22', { flag: 'notDelivered', rates: { delivery: 0.3, response: 1, completion: 0.3 } }),
    row('GOOD33'),
    row('NEW444', {
      arrived_at: null,
      prompts: { planned: 0, delivered: 0, opened: 0, completed: 0, late: 0, expired: 0, open: 0, closed: 0, closedDelivered: 0 },
      rates: { delivery: null, response: null, completion: null },
    }),
  ],
  days: [
    { day: 1, participants: 3, planned: 9, delivered: 8, completed: 6, closed: 9, closedDelivered: 8, delivery: 8 / 9, response: 0.75 },
    { day: 2, participants: 3, planned: 9, delivered: 6, completed: 3, closed: 9, closedDelivered: 6, delivery: 6 / 9, response: 0.5 },
  ],
};

let net: MockApi;
const defaultZone = Settings.defaultZone;
beforeAll(() => {
  // The researcher's own zone, other than the study's (Hong Kong).
  Settings.defaultZone = 'Europe/London';
});
afterAll(() => {
  Settings.defaultZone = defaultZone;
});
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/studies/s1', { status: 200, data: twoStageStudy })
    .on('POST', PROGRESS, { status: 200, data: answer })
    .on('POST', SCORES, { status: 200, data: noScores })
    .on('GET', '/api/participants/s1/attention', { status: 200, data: { adherenceAlerts: true, participants: [] } });
});
afterEach(() => net.restore());

async function chooseGroup() {
  const page = openPage(ROUTE);
  await screen.findByRole('option', { name: 'Stage 2: Intervention' });
  await page.user.selectOptions(screen.getByLabelText('Stage'), 'Stage 2: Intervention');
  await page.user.selectOptions(screen.getByLabelText('Group'), 'Group 1: Diary');
  return page;
}

const table = () => screen.findByRole('table', { name: progressTexts.tableCaption });

describe('StudyProgressPage (/participants/check_progress/{studyId})', () => {
  it('asks for a stage and group first, and calls nothing until both are chosen', async () => {
    const { user } = openPage(ROUTE);
    expect(await screen.findByText(progressTexts.chooseGroup)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Study Progress' })).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Stage'), 'Stage 2: Intervention');
    expect(screen.getByText(progressTexts.chooseGroup)).toBeInTheDocument();
    expect(net.sentTo('POST', PROGRESS)).toHaveLength(0);
  });

  it('shows each participant in the order given, flagged ones saying why, with counts and rates', async () => {
    await chooseGroup();
    const rows = within(await table()).getAllByRole('row').slice(1);
    expect(net.sentTo('POST', PROGRESS).map((r) => r.body)).toEqual<StudyProgressBody[]>([{ stageId: 'stage2', groupId: 'group2-1' }]);
    expect(rows.map((r) => within(r).getByRole('rowheader').querySelector('.font-monospace')?.textContent)).toEqual(['LOW111', 'GONE22', 'GOOD33', 'NEW444']);
    expect(rows[0]).toHaveTextContent(progressTexts.flags.lowResponse);
    expect(rows[1]).toHaveTextContent(progressTexts.flags.notDelivered);
    expect(rows[2]).not.toHaveTextContent(/Contact:/);
    expect(rows[3]).toHaveTextContent(progressTexts.notArrived);
    // Planned, delivered, opened, completed, expired, late; the three rates; diary done and left; one-time.
    expect(within(rows[2]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['10', '8', '6', '5', '3', '1', '80%', '63%', '50%', '3', '4', '1 of 2']);
    expect(within(rows[3]).getAllByRole('cell').map((c) => c.textContent).slice(6, 9)).toEqual(['–', '–', '–']);
    expect(screen.getByText('4 participants, 2 to contact')).toBeInTheDocument();
    // The table scrolls inside a named region the keyboard reaches (axe: scrollable-region-focusable).
    const scroller = screen.getByRole('region', { name: progressTexts.tableCaption });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller).toContainElement(rows[0]);
  });

  it("shows the arrival in the study's time zone, named, or in the researcher's own when chosen", async () => {
    const { user } = await chooseGroup();
    const rows = within(await table()).getAllByRole('row').slice(1);
    expect(within(rows[2]).getByRole('rowheader')).toHaveTextContent('Enrolled, arrived 2030-03-01 09:30 AM GMT+8');
    expect(screen.getByRole('radio', { name: 'Study time zone (Asia/Hong_Kong)' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'My time zone (Europe/London)' }));
    expect(within(rows[2]).getByRole('rowheader')).toHaveTextContent('Enrolled, arrived 2030-03-01 01:30 AM GMT');
  });

  it('labels every figure with its column, for the card each row becomes on a phone', async () => {
    await chooseGroup();
    const row = within(await table()).getAllByRole('row')[3];
    const labels = within(row).getAllByRole('cell').map((c) => c.getAttribute('data-label'));
    expect(labels).toEqual(Object.values(progressTexts.columns).slice(1));
    expect(screen.getByRole('table', { name: progressTexts.tableCaption })).toHaveClass('table-cards');
  });

  it("draws the group's delivery and response rate per study day, with the same figures as a table", async () => {
    await chooseGroup();
    await table();
    expect(screen.getByRole('heading', { name: progressTexts.chartTitle })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: new RegExp(progressTexts.chartTitle) })).toBeInTheDocument();
    const figures = screen.getByRole('table', { name: progressTexts.chartTitle });
    const lines = within(figures).getAllByRole('row').slice(1).map((r) => Array.from(r.children).map((c) => c.textContent));
    expect(lines).toEqual([
      ['Day 1', '9', '8', '6', '89%', '75%'],
      ['Day 2', '9', '6', '3', '67%', '50%'],
    ]);
  });

  it('says when no prompt has come due yet, and when the group has no participants', async () => {
    net.on('POST', PROGRESS, { status: 200, data: { ...answer, days: [] } });
    const { user } = await chooseGroup();
    expect(await screen.findByText(progressTexts.noPromptsYet)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: progressTexts.chartTitle })).not.toBeInTheDocument();

    net.on('POST', PROGRESS, { status: 200, data: { ...answer, participants: [], days: [] } });
    await user.selectOptions(screen.getByLabelText('Group'), 'Group 2: Control');
    expect(await screen.findByText(participantMessages.noParticipants)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("offers the chosen stage and group's response times without EMA, with the spec's note, and the analysis data", async () => {
    const page = await chooseGroup();
    const times = await screen.findByRole('button', { name: dataDownloadTexts.responseTimeWithoutEmaButton });
    expect(screen.getByText(dataDownloadTexts.emaNote)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: dataDownloadTexts.analysisButton })).toBeInTheDocument();
    net.on('POST', '/api/data/s1/download_resp_time', { status: 404, data: { message: 'No task is planned for this stage and group' } });
    await page.user.click(times);
    // One red alert, the page's.
    expect(await screen.findByRole('alert')).toHaveTextContent('No task is planned for this stage and group');
    expect(screen.getAllByText('No task is planned for this stage and group')).toHaveLength(1);
    expect(net.sentTo('POST', '/api/data/s1/download_resp_time').map((r) => r.body)).toEqual([
      { stageId: twoStageStudy.stage_list[1]._id, groupId: twoStageStudy.stage_list[1].participant_group_list[0]._id, includeEma: false },
    ]);
  });

  it("shows the server's message when the call fails", async () => {
    net.on('POST', PROGRESS, { status: 404, data: { message: generalMessages.notFound } });
    await chooseGroup();
    expect(await screen.findByRole('alert')).toHaveTextContent(generalMessages.notFound);
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
  it("leaves pilot data out unless 'Include pilot data' is ticked, and shows each answer for its own choice", async () => {
    const pilotRow = row('PILOT1');
    net.on('POST', PROGRESS, (request) =>
      (request.body as StudyProgressBody).includePilot ? { status: 200, data: { ...answer, participants: [pilotRow] } } : { status: 200, data: { ...answer, participants: [] } },
    );
    const { user } = await chooseGroup();
    expect(await screen.findByText(participantMessages.noParticipants)).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: pilotTexts.includePilot });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(await screen.findByText('PILOT1')).toBeInTheDocument();
    await user.click(box);
    expect(await screen.findByText(participantMessages.noParticipants)).toBeInTheDocument();
    expect(net.sentTo('POST', PROGRESS).map((r) => r.body)).toEqual<StudyProgressBody[]>([
      { stageId: 'stage2', groupId: 'group2-1' },
      { stageId: 'stage2', groupId: 'group2-1', includePilot: true },
      { stageId: 'stage2', groupId: 'group2-1' },
    ]);
  });

  describe('score per day of the study (issue 34)', () => {
    const wellbeing = { questionnaireId: 'q1', abbrev: 'WB', chin_name: 'Wellbeing', name: 'wellbeing' };
    const average = { ...wellbeing, name: 'average' };
    const scored = (chosen: typeof wellbeing, mean: number): ScoreProgressAnswer => ({
      choices: [wellbeing, average],
      chosen,
      days: [
        { day: 1, participants: 2, answers: 3, mean, min: 6, max: 10 },
        { day: 2, participants: 1, answers: 1, mean: 2.345, min: 2.345, max: 2.345 },
      ],
    });

    it("says when the group's questionnaires define no score", async () => {
      await chooseGroup();
      expect(await screen.findByText(scoreProgressTexts.noScores)).toBeInTheDocument();
      expect(net.sentTo('POST', SCORES).map((r) => r.body)).toEqual<ScoreProgressBody[]>([{ stageId: 'stage2', groupId: 'group2-1' }]);
    });

    it('shows the first score per day as a table, and another score once chosen', async () => {
      net.on('POST', SCORES, (request) => {
        const body = request.body as ScoreProgressBody;
        return { status: 200, data: body.score?.name === 'average' ? scored(average, 3) : scored(wellbeing, 8) };
      });
      const { user } = await chooseGroup();
      const section = await screen.findByRole('region', { name: scoreProgressTexts.title });
      const choice = within(section).getByLabelText(scoreProgressTexts.choose);
      expect(choice).toHaveDisplayValue('WB: wellbeing');
      const rows = () => within(within(section).getByRole('table', { name: `${scoreProgressTexts.title}: ${String(choiceLabel())}` })).getAllByRole('row');
      const choiceLabel = () => (choice as HTMLSelectElement).selectedOptions[0]?.textContent;
      expect(rows().map((r) => r.textContent)).toEqual([
        'Day of the studyPARTICIPANTSANSWERSMEANLOWESTHIGHEST',
        'Day 1238610',
        'Day 2112.352.352.35',
      ]);
      await user.selectOptions(choice, 'WB: average');
      await waitFor(() => expect(rows()[1]).toHaveTextContent('Day 12336'));
      expect(net.sentTo('POST', SCORES).map((r) => r.body)).toEqual<ScoreProgressBody[]>([
        { stageId: 'stage2', groupId: 'group2-1' },
        { stageId: 'stage2', groupId: 'group2-1', score: { questionnaireId: 'q1', name: 'average' } },
      ]);
    });

    it('says when no answer has the score yet', async () => {
      net.on('POST', SCORES, { status: 200, data: { ...scored(wellbeing, 8), days: [] } });
      await chooseGroup();
      expect(await screen.findByText(scoreProgressTexts.noAnswers)).toBeInTheDocument();
    });

    it("shows the server's message in the section when the call fails", async () => {
      net.on('POST', SCORES, { status: 404, data: { message: generalMessages.notFound } });
      await chooseGroup();
      const section = await screen.findByRole('region', { name: scoreProgressTexts.title });
      expect(await within(section).findByRole('alert')).toHaveTextContent(generalMessages.notFound);
      // The rest of the page still works.
      expect(await table()).toBeInTheDocument();
    });
  });
});
