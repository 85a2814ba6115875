import { screen, waitFor, within } from '@testing-library/react';
import { authMessages, generalMessages, studyMessages } from '../../../../src/shared/messages';
import { lab, manager, member, otherLab, ownerSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';
import { initialStudiesState } from '../../../../src/client/features/studies/studiesSlice';
import { activeStudy, inactiveStudy, runnableStudy, study, waitingStudy } from './studyFixtures';
import { buttonsOf, rowOf } from './studyListHarness';

const LIST = '/api/studies/systemowner';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/labs', { status: 200, data: { labs: [lab, otherLab] } })
    .on('GET', '/api/labs/systemowner/lab1', { status: 200, data: { lab, users: [manager, member] } })
    .on('POST', `${LIST}?pageNumber=1`, { status: 200, data: { studies: [inactiveStudy, activeStudy], pages: 3, page: 1 } });
});
afterEach(() => net.restore());

function open(route = '/systemowner/studies') {
  return renderWithProviders(undefined, { route, preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) } });
}

/** Chooses the lab and its manager in the two filters. */
async function choose(user: ReturnType<typeof open>['user']) {
  await screen.findByRole('option', { name: 'Sleep Lab (Organization One)' });
  await user.selectOptions(screen.getByLabelText('Lab'), 'lab1');
  await screen.findByRole('option', { name: 'manager@example.org' });
  await user.selectOptions(screen.getByLabelText('Managed By'), 'm1');
}

describe('StudyListPage for the system owner (/systemowner/studies/{page})', () => {
  it('offers each lab as its name and organization, and the chosen lab’s users by email', async () => {
    const { user } = open();
    expect(await screen.findByRole('heading', { name: 'Study List' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Sleep Lab (Organization One)' });
    expect(within(screen.getByLabelText('Lab')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a lab',
      'Sleep Lab (Organization One)',
      'Mood Lab (Organization Two)',
    ]);
    expect(screen.getByLabelText('Managed By')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Lab'), 'lab1');
    await screen.findByRole('option', { name: 'member@example.org' });
    expect(within(screen.getByLabelText('Managed By')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a user',
      'manager@example.org',
      'member@example.org',
    ]);
  });

  it('shows the table and Create Study only once a managing user is chosen', async () => {
    const { user } = open();
    await screen.findByRole('option', { name: 'Sleep Lab (Organization One)' });
    await user.selectOptions(screen.getByLabelText('Lab'), 'lab1');
    await screen.findByRole('option', { name: 'manager@example.org' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Study' })).not.toBeInTheDocument();
    expect(net.sentTo('POST', `${LIST}?pageNumber=1`)).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Managed By'), 'm1');
    await screen.findByRole('cell', { name: 'ABC234' });
    expect(screen.getByRole('button', { name: 'Create Study' })).toBeInTheDocument();
    expect(net.sentTo('POST', `${LIST}?pageNumber=1`)[0]).toMatchObject({
      body: { labId: 'lab1', managedByUserId: 'm1' },
      authorization: 'Bearer owner-token',
    });
    expect(screen.getAllByRole('columnheader').slice(0, 4).map((h) => h.textContent)).toEqual(['NAME', 'STUDY CODE', 'STATUS', 'CREATED AT']);
    expect(within(rowOf('ABC234')).getByText('2024-05-06')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('href', '/systemowner/studies/3');

    // Another lab clears the managing user, and with it the table.
    await user.selectOptions(screen.getByLabelText('Lab'), 'lab2');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Study' })).not.toBeInTheDocument();
  });

  it('offers Edit, Activate and Delete for an inactive study, Edit and Deactivate for an active one', async () => {
    const { user } = open();
    await choose(user);
    await screen.findByRole('cell', { name: 'ABC234' });
    expect(buttonsOf('ABC234')).toEqual(['Activate', 'Delete', 'Edit']);
    expect(buttonsOf('XYZ789')).toEqual(['Deactivate', 'Edit']);
    expect(within(rowOf('XYZ789')).getByRole('link', { name: 'Edit XYZ789' })).toHaveAttribute('href', '/systemowner/studies/s2/m1/edit');
  });

  it('activates and deactivates with the owner’s calls, toasting the message and reloading', async () => {
    net
      .on('POST', `${LIST}/s1/activate`, { status: 200, data: { message: studyMessages.studyActivated } })
      .on('POST', `${LIST}/s2/deactivate`, { status: 200, data: { message: studyMessages.studyDeactivated } })
      .on('GET', `${LIST}/s1`, { status: 200, data: runnableStudy() });
    const { user } = open();
    await choose(user);
    await user.click(await screen.findByRole('button', { name: 'Activate ABC234' }));
    // The owner's own read of the study is checked before Activate is offered.
    const dialog = await screen.findByRole('dialog', { name: 'Activate Sleep Diary Study (ABC234)?' });
    await user.click(await within(dialog).findByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(studyMessages.studyActivated)).toBeInTheDocument();
    expect(net.sentTo('GET', `${LIST}/s1`)[0].authorization).toBe('Bearer owner-token');
    await user.click(screen.getByRole('button', { name: 'Deactivate XYZ789' }));
    expect(await screen.findByText(studyMessages.studyDeactivated)).toBeInTheDocument();
    await waitFor(() => expect(net.sentTo('POST', `${LIST}?pageNumber=1`)).toHaveLength(3));
    expect(net.sentTo('POST', `${LIST}/s1/activate`)[0].authorization).toBe('Bearer owner-token');
  });

  it('asks ‘Are you sure?’ before deleting', async () => {
    net.on('DELETE', `${LIST}/s1`, { status: 200, data: { message: studyMessages.studyDeleted } });
    const { user } = open();
    await choose(user);
    await user.click(await screen.findByRole('button', { name: 'Delete ABC234' }));
    const dialog = await screen.findByRole('dialog', { name: generalMessages.areYouSure });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(net.sentTo('DELETE', `${LIST}/s1`)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete ABC234' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(studyMessages.studyDeleted)).toBeInTheDocument();
    expect(net.sentTo('DELETE', `${LIST}/s1`)).toHaveLength(1);
  });

  it('sends a page beyond the last to the last page', async () => {
    net
      .on('POST', `${LIST}?pageNumber=7`, { status: 200, data: { studies: [], pages: 3, page: 7 } })
      .on('POST', `${LIST}?pageNumber=3`, { status: 200, data: { studies: [activeStudy], pages: 3, page: 3 } });
    // The filters are kept in the store, so the list comes back as it was (e.g. from the editor).
    renderWithProviders(undefined, {
      route: '/systemowner/studies/7',
      preloadedState: {
        auth: signedIn({ systemOwner: ownerSession() }),
        ownerStudies: { ...initialStudiesState, choice: { labId: 'lab1', managedByUserId: 'm1' } },
      },
    });
    await screen.findByRole('cell', { name: 'XYZ789' });
    expect(currentLocation()).toBe('/systemowner/studies/3');
    expect(screen.getByLabelText('Managed By')).toHaveValue('m1');
  });

  it('creates a blank study for the managing user and opens the owner’s editor', async () => {
    net
      .on('POST', `${LIST}/create_study`, { status: 201, data: study({ _id: 's9', chin_name: '' }) })
      .on('GET', `${LIST}/s9`, { status: 200, data: study({ _id: 's9', chin_name: '' }) })
      .on('POST', '/api/qx_list/systemowner?pageNumber=1', { status: 200, data: { qx_list: [], pages: 1, page: 1 } });
    const { user } = open();
    await choose(user);
    await user.click(await screen.findByRole('button', { name: 'Create Study' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Study' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText(studyMessages.studyNameRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Study Name'), 'Owner study');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentLocation()).toBe('/systemowner/studies/s9/m1/edit'));
    expect(await screen.findByRole('heading', { name: 'Edit Study' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(net.sentTo('POST', `${LIST}/create_study`).map((r) => r.body)).toEqual([{ userId: 'm1', chin_name: 'Owner study' }]);
  });

  it('makes nothing when the owner cancels Create Study, and lists what a study lacks before Activate', async () => {
    net.on('GET', `${LIST}/s1`, { status: 200, data: study({ chin_name: '' }) });
    const { user } = open();
    await choose(user);
    await user.click(await screen.findByRole('button', { name: 'Create Study' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Create Study' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.sentTo('POST', `${LIST}/create_study`)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Activate ABC234' }));
    const dialog = await screen.findByRole('dialog', { name: /^Activate/ });
    const list = await within(dialog).findByRole('list', { name: 'What the study still needs' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([studyMessages.studyNameRequired, studyMessages.activationStudyNoAssessment]);
    expect(within(dialog).getByRole('link', { name: 'Edit the study' })).toHaveAttribute('href', '/systemowner/studies/s1/m1/edit');
    expect(net.sentTo('POST', `${LIST}/s1/activate`)).toEqual([]);
  });

  it('shows the owner a group without assessment as a warning and activates (issue 31)', async () => {
    net
      .on('GET', `${LIST}/s1`, { status: 200, data: waitingStudy() })
      .on('POST', `${LIST}/s1/activate`, { status: 200, data: { message: studyMessages.studyActivated, warnings: [] } });
    const { user } = open();
    await choose(user);
    await user.click(await screen.findByRole('button', { name: 'Activate ABC234' }));
    const dialog = await screen.findByRole('dialog', { name: /^Activate/ });
    const list = await within(dialog).findByRole('list', { name: 'Warnings before activating' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([`Stage 1, Participant Group 1: ${studyMessages.activationGroupNoTasks}`]);
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.sentTo('POST', `${LIST}/s1/activate`)).toHaveLength(1);
  });

  it('ends the owner’s session on a 401 and goes to the owner’s login', async () => {
    net.on('POST', `${LIST}?pageNumber=1`, { status: 401, data: { message: authMessages.sessionExpired } });
    const { user, store } = open();
    await choose(user);
    await waitFor(() => expect(currentLocation()).toMatch(/^\/systemowner\/login/));
    expect(store.getState().auth.systemOwner).toBeNull();
  });
});
