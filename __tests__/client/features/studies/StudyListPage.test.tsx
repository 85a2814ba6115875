import { screen, waitFor, within } from '@testing-library/react';
import { ALL_ACCESS, type AccessEntry } from '../../../../src/shared/access';
import { generalMessages, studyMessages } from '../../../../src/shared/messages';
import { MAX_PAGE_NUMBER } from '../../../../src/shared/limits';
import { labUserSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';
import { accessWithout, activeStudy, inactiveStudy, runnableStudy, study, summary, waitingStudy } from './studyFixtures';
import { buttonsOf, rowOf } from './studyListHarness';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/studies?pageNumber=1', { status: 200, data: { studies: [inactiveStudy, activeStudy], pages: 3, page: 1 } })
    .on('GET', '/api/studies/s9', { status: 200, data: study({ _id: 's9', chin_name: '' }) });
});
afterEach(() => net.restore());

function open(route = '/studies/1', allAccess: AccessEntry[] = [...ALL_ACCESS]) {
  return renderWithProviders(undefined, {
    route,
    preloadedState: { auth: { ...signedIn({ labUser: labUserSession() }), allAccess } },
  });
}

describe('StudyListPage (/studies/{page})', () => {
  it('lists NAME, STUDY CODE, STATUS and CREATED AT, with page numbers', async () => {
    open();
    await screen.findByRole('cell', { name: 'ABC234' });
    expect(screen.getByRole('heading', { name: 'Study List' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').slice(0, 4).map((h) => h.textContent)).toEqual(['NAME', 'STUDY CODE', 'STATUS', 'CREATED AT']);
    const row = rowOf('ABC234');
    expect(within(row).getByText('Sleep Diary Study')).toBeInTheDocument();
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    expect(within(row).getByText('2024-05-06')).toBeInTheDocument();
    expect(within(rowOf('XYZ789')).getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Study pages' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('href', '/studies/3');
  });

  it('shows page 1 when the list fits on one page', async () => {
    net.on('GET', '/api/studies?pageNumber=1', { status: 200, data: { studies: [inactiveStudy], pages: 1, page: 1 } });
    open();
    await screen.findByRole('cell', { name: 'ABC234' });
    const pages = screen.getByRole('navigation', { name: 'Study pages' });
    expect(within(pages).getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getAllByRole('link')).toHaveLength(1);
  });

  it('offers Activate and Delete for an inactive study, Deactivate, Participants and Progress for an active one', async () => {
    open();
    await screen.findByRole('cell', { name: 'ABC234' });
    expect(buttonsOf('ABC234')).toEqual(['Activate', 'Activity', 'Delete', 'Edit', 'Pilot this study']);
    expect(buttonsOf('XYZ789')).toEqual(['Activity', 'Deactivate', 'Edit', 'Participants', 'Pilot this study', 'Progress']);
    expect(within(rowOf('ABC234')).getByRole('link', { name: 'Activity ABC234' })).toHaveAttribute('href', '/studies/s1/activity');
    const active = rowOf('XYZ789');
    expect(within(active).getByRole('link', { name: 'Edit XYZ789' })).toHaveAttribute('href', '/studies/s2/edit');
    expect(within(active).getByRole('link', { name: 'Participants XYZ789' })).toHaveAttribute('href', '/participants/s2');
    expect(within(active).getByRole('link', { name: 'Progress XYZ789' })).toHaveAttribute('href', '/participants/check_progress/s2');
    expect(screen.getByRole('button', { name: 'Create Study' })).toBeInTheDocument();
  });

  it('hides each lifecycle button without its permission entry', async () => {
    open('/studies/1', accessWithout('activateStudy', 'deactivateStudy', 'createStudy'));
    await screen.findByRole('cell', { name: 'ABC234' });
    expect(buttonsOf('ABC234')).toEqual(['Activity', 'Delete', 'Edit', 'Pilot this study']);
    expect(buttonsOf('XYZ789')).toEqual(['Activity', 'Edit', 'Participants', 'Pilot this study', 'Progress']);
    expect(screen.queryByRole('button', { name: 'Create Study' })).not.toBeInTheDocument();
  });

  it('shows only Edit, Activity, Participants and Progress to a user without entries', async () => {
    open('/studies/1', []);
    await screen.findByRole('cell', { name: 'ABC234' });
    expect(buttonsOf('ABC234')).toEqual(['Activity', 'Edit']);
    expect(buttonsOf('XYZ789')).toEqual(['Activity', 'Edit', 'Participants', 'Progress']);
  });

  it('activates and deactivates, toasting the server’s message and reloading the list', async () => {
    let status: 'inactive' | 'active' = 'inactive';
    net
      .on('GET', '/api/studies?pageNumber=1', () => ({ status: 200, data: { studies: [summary({ active_status: status })], pages: 1, page: 1 } }))
      .on('POST', '/api/studies/s1/activate', () => {
        status = 'active';
        return { status: 200, data: { message: studyMessages.studyActivated } };
      })
      .on('POST', '/api/studies/s1/deactivate', () => {
        status = 'inactive';
        return { status: 200, data: { message: studyMessages.studyDeactivated } };
      });
    net.on('GET', '/api/studies/s1', { status: 200, data: runnableStudy() });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Activate ABC234' }));
    // Activate asks first, once the study is checked.
    const dialog = await screen.findByRole('dialog', { name: 'Activate Sleep Diary Study (ABC234)?' });
    expect(net.sentTo('POST', '/api/studies/s1/activate')).toEqual([]);
    await user.click(await within(dialog).findByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(studyMessages.studyActivated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Deactivate ABC234' }));
    expect(await screen.findByText(studyMessages.studyDeactivated)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activate ABC234' })).toBeInTheDocument();
    expect(net.sentTo('GET', '/api/studies?pageNumber=1')).toHaveLength(3);
  });

  it('asks ‘Are you sure?’ before deleting', async () => {
    net.on('DELETE', '/api/studies/s1', { status: 200, data: { message: studyMessages.studyDeleted } });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete ABC234' }));
    const dialog = await screen.findByRole('dialog', { name: generalMessages.areYouSure });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(net.sentTo('DELETE', '/api/studies/s1')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete ABC234' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(studyMessages.studyDeleted)).toBeInTheDocument();
    expect(net.sentTo('DELETE', '/api/studies/s1')).toHaveLength(1);
  });

  it('shows a refused action’s message in the red alert', async () => {
    net
      .on('POST', '/api/studies/s2/deactivate', { status: 403, data: { message: generalMessages.forbidden } })
      .on('GET', '/api/access/get_all_access', { status: 200, data: { allAccess: accessWithout('deactivateStudy') } });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Deactivate XYZ789' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(generalMessages.forbidden);
    // A 403 reads the entries again (the permission may have been taken away): the button goes, the message stays.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Deactivate XYZ789' })).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent(generalMessages.forbidden);
  });

  it('asks for the name before creating a study, then opens its editor', async () => {
    net.on('POST', '/api/studies', { status: 201, data: study({ _id: 's9', chin_name: 'Sleep and Mood' }) });
    net.on('GET', '/api/studies/s9', { status: 200, data: study({ _id: 's9', chin_name: 'Sleep and Mood' }) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Create Study' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Study' });
    await waitFor(() => expect(within(dialog).getByLabelText('Study Name')).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText(studyMessages.studyNameRequired)).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/studies')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Study Name'), '  Sleep and Mood ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentLocation()).toBe('/studies/s9/edit'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Edit Study' })).toBeInTheDocument());
    expect(net.sentTo('POST', '/api/studies').map((r) => r.body)).toEqual([{ chin_name: 'Sleep and Mood' }]);
  });

  it('makes nothing when Create Study is cancelled', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Create Study' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Study' });
    await user.type(within(dialog).getByLabelText('Study Name'), 'Never made');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.sentTo('POST', '/api/studies')).toEqual([]);
    expect(currentLocation()).toBe('/studies/1');
    // Opened again, it starts empty.
    await user.click(screen.getByRole('button', { name: 'Create Study' }));
    expect(within(await screen.findByRole('dialog', { name: 'Create Study' })).getByLabelText('Study Name')).toHaveValue('');
  });

  it('shows a refused Create Study in the dialog and stays', async () => {
    net.on('POST', '/api/studies', { status: 400, data: { message: studyMessages.studyNameTooLong } });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Create Study' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Study' });
    await user.type(within(dialog).getByLabelText('Study Name'), 'Sleep');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(studyMessages.studyNameTooLong)).toBeInTheDocument();
    expect(currentLocation()).toBe('/studies/1');
  });

  it('lists what a study lacks instead of offering Activate, with a way to the editor', async () => {
    net.on('GET', '/api/studies/s1', { status: 200, data: study() });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Activate ABC234' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate Sleep Diary Study (ABC234)?' });
    const list = await within(dialog).findByRole('list', { name: 'What the study still needs' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([studyMessages.activationStudyNoAssessment]);
    expect(within(dialog).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Edit the study' })).toHaveAttribute('href', '/studies/s1/edit');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.sentTo('POST', '/api/studies/s1/activate')).toEqual([]);
  });

  it('shows a group without assessment as a warning and still activates (issue 31)', async () => {
    net
      .on('GET', '/api/studies/s1', { status: 200, data: waitingStudy() })
      .on('POST', '/api/studies/s1/activate', { status: 200, data: { message: studyMessages.studyActivated, warnings: [] } });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Activate ABC234' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate Sleep Diary Study (ABC234)?' });
    const list = await within(dialog).findByRole('list', { name: 'Warnings before activating' });
    expect(within(dialog).getByText(studyMessages.activationWarnings)).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Stage 1, Participant Group 1: ${studyMessages.activationGroupNoTasks}`,
    ]);
    expect(within(dialog).queryByRole('list', { name: 'What the study still needs' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.sentTo('POST', '/api/studies/s1/activate')).toHaveLength(1);
  });

  it('lists the problems the server refused Activate with (the study changed meanwhile)', async () => {
    const problems = [`Stage 2: ${studyMessages.activationStageUnnamed}`];
    net
      .on('GET', '/api/studies/s1', { status: 200, data: runnableStudy() })
      .on('POST', '/api/studies/s1/activate', { status: 409, data: { message: studyMessages.activationRefused, problems } });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Activate ABC234' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate Sleep Diary Study (ABC234)?' });
    await user.click(await within(dialog).findByRole('button', { name: 'Activate' }));
    const list = await within(dialog).findByRole('list', { name: 'What the study still needs' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(problems);
    expect(within(dialog).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
  });

  it('sends an out-of-range page to the last page, and a page that is not a number to the first', async () => {
    net
      .on('GET', '/api/studies?pageNumber=7', { status: 200, data: { studies: [], pages: 3, page: 7 } })
      .on('GET', '/api/studies?pageNumber=3', { status: 200, data: { studies: [activeStudy], pages: 3, page: 3 } });
    open('/studies/7');
    await screen.findByRole('cell', { name: 'XYZ789' });
    expect(currentLocation()).toBe('/studies/3');
  });

  it('sends a page number past any list (20 digits) to the last page, asking the server for its highest page', async () => {
    net
      .on('GET', `/api/studies?pageNumber=${MAX_PAGE_NUMBER}`, { status: 200, data: { studies: [], pages: 3, page: MAX_PAGE_NUMBER } })
      .on('GET', '/api/studies?pageNumber=3', { status: 200, data: { studies: [activeStudy], pages: 3, page: 3 } });
    open('/studies/99999999999999999999');
    await screen.findByRole('cell', { name: 'XYZ789' });
    expect(currentLocation()).toBe('/studies/3');
  });

  it('sends /studies/abc to the first page', async () => {
    open('/studies/abc');
    await screen.findByRole('cell', { name: 'ABC234' });
    expect(currentLocation()).toBe('/studies/1');
  });

  it('says so when the lab has no study', async () => {
    net.on('GET', '/api/studies?pageNumber=1', { status: 200, data: { studies: [], pages: 1, page: 1 } });
    open();
    expect(await screen.findByText(studyMessages.noStudies)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
  });
});
