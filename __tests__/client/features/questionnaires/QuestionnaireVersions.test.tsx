// Questionnaire versions in the editor (issue 21): the line naming the versions in use, and after a save the
// choice to re-point participants' future tasks to the questionnaire as it is now.
import { screen, waitFor, within } from '@testing-library/react';
import { liveEditTexts, questionnaireVersionTexts } from '../../../../src/shared/messages';
import type { Question } from '../../../../src/shared/questionnaire/types';
import type { QuestionnaireVersionUse } from '../../../../src/shared/types/questionnaireVersions';
import { mockApi, type MockApi } from '../../support/mockApi';
import { sliceState } from '../../testUtils';
import { deferEditors, openEditor } from './editorHarness';
import { question, questionnaire } from './fixtures';

jest.setTimeout(30_000);
deferEditors();

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const version = (number: number, participants: number, current = false): QuestionnaireVersionUse => ({
  number,
  created_at: `2026-11-0${number}T08:00:00.000Z`,
  participants,
  current,
});

const VERSIONS = '/api/qx_list/qx1/versions';

/** Saves answer the questionnaire sent; the versions call answers `before` until a save, then `after`. */
function versionsAcrossSave(before: QuestionnaireVersionUse[], after: QuestionnaireVersionUse[]) {
  net.on('PUT', '/api/qx_list/qx1/edit', (request) => {
    const body = request.body as { chin_name: string; abbrev: string; chin_content: Question[] };
    net.on('GET', VERSIONS, { status: 200, data: { versions: after } });
    return { status: 200, data: questionnaire(body.chin_content, { chin_name: body.chin_name, abbrev: body.abbrev }) };
  });
  return before;
}

async function openAndSave(before: QuestionnaireVersionUse[], after: QuestionnaireVersionUse[]) {
  const rendered = await openEditor(net, [question('q1', 'Q1')], [], versionsAcrossSave(before, after));
  await waitFor(() => expect(net.sentTo('GET', VERSIONS)).toHaveLength(1));
  if (before.some((v) => v.participants > 0)) await screen.findByText(questionnaireVersionTexts.current(currentOf(before)));
  await rendered.user.clear(screen.getByLabelText('Questionnaire Name'));
  await rendered.user.type(screen.getByLabelText('Questionnaire Name'), 'Sleep Diary 2');
  await rendered.user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await screen.findByText('Changes have been saved');
  return rendered;
}

const currentOf = (versions: QuestionnaireVersionUse[]) => versions.find((v) => v.current)?.number ?? versions.length + 1;
const line = (text: string) => screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === text);

describe('Questionnaire versions in the editor (issue 21)', () => {
  it('names the current version and the participants with future tasks on each older one', async () => {
    await openEditor(net, [question('q1', 'Q1')], [], [version(1, 2), version(2, 1), version(3, 4, true)]);
    expect(
      await screen.findByText('Version 3 is current. 2 participants have future tasks on version 1. 1 participant has future tasks on version 2.'),
    ).toBeInTheDocument();
    expect(net.sentTo('GET', VERSIONS)).toHaveLength(1);
    expect(net.sentTo('GET', VERSIONS)[0].authorization).toBe('Bearer lab-token');
  });

  it('names only the current version when no participant has tasks on an older one', async () => {
    await openEditor(net, [question('q1', 'Q1')], [], [version(1, 0), version(2, 3, true)]);
    expect(await screen.findByText('Version 2 is current.')).toBeInTheDocument();
  });

  it('names content saved but not yet planned as the next version', async () => {
    await openEditor(net, [question('q1', 'Q1')], [], [version(1, 2), version(2, 1)]);
    expect(
      await screen.findByText('Version 3 is current. 2 participants have future tasks on version 1. 1 participant has future tasks on version 2.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['no version planned', []],
    ['versions no participant has tasks of', [version(1, 0), version(2, 0, true)]],
  ])('shows no line with %s', async (_, versions: QuestionnaireVersionUse[]) => {
    const { store } = await openEditor(net, [question('q1', 'Q1')], [], versions);
    // The answer has arrived in the store (and so is drawn), with no line about versions.
    await waitFor(() => expect(sliceState(store, 'questionnaires').requests.versions.status).toBe('success'));
    expect(sliceState(store, 'questionnaires').versions).toEqual(versions);
    expect(screen.queryByText(/is current/)).not.toBeInTheDocument();
    expect(screen.queryByText(/future tasks/)).not.toBeInTheDocument();
  });

  it('after a save that leaves participants on an earlier version, offers the choice with keep focused', async () => {
    await openAndSave([version(1, 2, true)], [version(1, 2)]);
    const dialog = await screen.findByRole('dialog', { name: questionnaireVersionTexts.choiceTitle });
    expect(dialog).toHaveTextContent(`2 participants have future tasks on version 1. ${questionnaireVersionTexts.choiceIntro}`);
    const keep = within(dialog).getByRole('button', { name: questionnaireVersionTexts.keep });
    expect(within(dialog).getByRole('button', { name: questionnaireVersionTexts.repoint })).toBeEnabled();
    await waitFor(() => expect(keep).toHaveFocus());
    // The line already says what the save did: the saved content is the next version.
    expect(line('Version 2 is current. 2 participants have future tasks on version 1.')).toBeInTheDocument();
    expect(net.sentTo('GET', VERSIONS)).toHaveLength(2);
  });

  it('re-points their future tasks: the call, the server’s message, the line read again, the focus back on Save Changes', async () => {
    const { user } = await openAndSave([version(1, 2, true)], [version(1, 2)]);
    const dialog = await screen.findByRole('dialog', { name: questionnaireVersionTexts.choiceTitle });
    net.on('POST', '/api/qx_list/qx1/repoint', () => {
      net.on('GET', VERSIONS, { status: 200, data: { versions: [version(1, 0), version(2, 2, true)] } });
      return { status: 200, data: { message: liveEditTexts.repointed, tasks: 6 } };
    });
    // By keyboard: Tab from Keep to Re-point, Enter.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: questionnaireVersionTexts.keep })).toHaveFocus());
    await user.tab();
    expect(within(dialog).getByRole('button', { name: questionnaireVersionTexts.repoint })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(liveEditTexts.repointed)).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/qx_list/qx1/repoint')).toHaveLength(1);
    expect(net.sentTo('POST', '/api/qx_list/qx1/repoint')[0].authorization).toBe('Bearer lab-token');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: questionnaireVersionTexts.choiceTitle })).not.toBeInTheDocument());
    expect(await screen.findByText('Version 2 is current.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveFocus());
  });

  it('keeps their version: Enter on the focused Keep closes the dialog and calls nothing', async () => {
    const { user } = await openAndSave([version(1, 2, true)], [version(1, 2)]);
    const dialog = await screen.findByRole('dialog', { name: questionnaireVersionTexts.choiceTitle });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: questionnaireVersionTexts.keep })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: questionnaireVersionTexts.choiceTitle })).not.toBeInTheDocument());
    expect(net.sentTo('POST', '/api/qx_list/qx1/repoint')).toHaveLength(0);
    expect(screen.queryByText(liveEditTexts.repointed)).not.toBeInTheDocument();
    expect(line('Version 2 is current. 2 participants have future tasks on version 1.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveFocus());
  });

  it('Escape keeps their version too', async () => {
    const { user } = await openAndSave([version(1, 2, true)], [version(1, 2)]);
    await screen.findByRole('dialog', { name: questionnaireVersionTexts.choiceTitle });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: questionnaireVersionTexts.choiceTitle })).not.toBeInTheDocument());
    expect(net.sentTo('POST', '/api/qx_list/qx1/repoint')).toHaveLength(0);
  });

  it('asks nothing after a save when no participant is left on an earlier version', async () => {
    await openAndSave([version(1, 0, true)], [version(1, 0)]);
    await waitFor(() => expect(net.sentTo('GET', VERSIONS)).toHaveLength(2));
    expect(screen.queryByRole('dialog', { name: questionnaireVersionTexts.choiceTitle })).not.toBeInTheDocument();
  });

  it('a refused re-point closes the dialog and shows the server’s message in the red alert', async () => {
    const { user } = await openAndSave([version(1, 2, true)], [version(1, 2)]);
    const dialog = await screen.findByRole('dialog', { name: questionnaireVersionTexts.choiceTitle });
    net.on('POST', '/api/qx_list/qx1/repoint', { status: 404, data: { message: 'Questionnaire not found' } });
    await user.click(within(dialog).getByRole('button', { name: questionnaireVersionTexts.repoint }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Questionnaire not found');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: questionnaireVersionTexts.choiceTitle })).not.toBeInTheDocument());
    expect(screen.queryByText(liveEditTexts.repointed)).not.toBeInTheDocument();
  });
});
