// The owner's editor is the lab user's editor fed with the owner's calls: each action must reach the owner's
// call with the owner's token, and the owner holds every permission entry.
import { screen, waitFor, within } from '@testing-library/react';
import { dataDownloadMessages } from '../../../../src/shared/dataDownloads';
import { authMessages, followupEditorTexts, studyMessages } from '../../../../src/shared/messages';
import { labUserSession, ownerSession } from '../../support/fixtures';
import { captureSaves, fileAnswer, XLSX } from '../downloads/support';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';
import { LAB_QUESTIONNAIRES, mockNotLive } from './editorHarness';
import { group, stage, study } from './studyFixtures';

jest.setTimeout(30_000);

const BASE = '/api/studies/systemowner';
const QX = '/api/qx_list/systemowner';
const WARNING = studyMessages.structureChangeWarning;
const twoStages = () => study({ stage_list: [stage(1), stage(2, { participant_group_list: [group(2, 1), group(2, 2)] })] });

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', `${BASE}/s1`, { status: 200, data: twoStages() })
    .on('POST', `${QX}?pageNumber=1`, { status: 200, data: { qx_list: LAB_QUESTIONNAIRES.slice(0, 10), pages: 2, page: 1 } })
    .on('POST', `${QX}?pageNumber=2`, { status: 200, data: { qx_list: LAB_QUESTIONNAIRES.slice(10), pages: 2, page: 2 } });
});
afterEach(() => net.restore());

async function open() {
  mockNotLive(net, `${BASE}/s1`);
  // A lab user signed in too, with no entries: the owner's editor must not read the lab user's entries.
  const rendered = renderWithProviders(undefined, {
    route: '/systemowner/studies/s1/m1/edit',
    preloadedState: { auth: { ...signedIn({ systemOwner: ownerSession(), labUser: labUserSession() }), allAccess: [] } },
  });
  await screen.findByRole('heading', { name: 'Edit Study' }, { timeout: 10_000 });
  return rendered;
}

const confirmWarning = async (user: Awaited<ReturnType<typeof open>>['user']) =>
  user.click(within(await screen.findByRole('dialog', { name: WARNING })).getByRole('button', { name: 'Confirm' }));

describe('StudyEditorPage for the system owner (/systemowner/studies/{studyId}/{managedByUserId}/edit)', () => {
  it('loads the study and the managing user’s lab questionnaires with the owner’s calls, holding every entry', async () => {
    const { store } = await open();
    expect(net.sentTo('GET', `${BASE}/s1`)[0].authorization).toBe('Bearer owner-token');
    expect(net.sentTo('POST', `${QX}?pageNumber=1`)[0].body).toEqual({ managedByUserId: 'm1' });
    expect(net.sentTo('POST', `${QX}?pageNumber=2`)[0].body).toEqual({ managedByUserId: 'm1' });
    expect(screen.getByRole('button', { name: 'Add Stage' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Click To Edit Consent Form' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Stage 2' })).getByRole('button', { name: 'Add Participant Group' })).toBeInTheDocument();
    expect(screen.getByLabelText('Study Name')).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Save Basic Information' })).toBeInTheDocument();
    // The multi-selects offer every questionnaire of the lab, from both pages.
    expect(store.getState().ownerStudies?.questionnaireOptions.map((q) => q._id)).toEqual(LAB_QUESTIONNAIRES.map((q) => q._id));
  });

  it('adds and deletes stages and groups through the owner’s calls', async () => {
    net
      .on('PUT', `${BASE}/s1/add_stage`, { status: 200, data: study({ stage_list: [...twoStages().stage_list, stage(3)] }) })
      .on('PUT', `${BASE}/stage2/add_group`, {
        status: 200,
        data: study({ stage_list: [stage(1), stage(2, { participant_group_list: [group(2, 1), group(2, 2), group(2, 3)] })] }),
      })
      .on('DELETE', `${BASE}/s1/group2-2/delete_group`, { status: 200, data: study({ stage_list: [stage(1), stage(2)] }) })
      .on('DELETE', `${BASE}/s1/2/delete_stage`, { status: 200, data: study() });
    const { user } = await open();
    // Nothing unsaved: no warning.
    await user.click(screen.getByRole('button', { name: 'Add Stage' }));
    expect(await screen.findByRole('region', { name: 'Stage 3' })).toBeInTheDocument();

    await user.click(within(screen.getByRole('region', { name: 'Stage 2' })).getByRole('button', { name: 'Add Participant Group' }));
    await confirmWarning(user);
    expect(await within(screen.getByRole('region', { name: 'Stage 2' })).findByRole('region', { name: 'Participant Group 3' })).toBeInTheDocument();

    const secondGroup = within(screen.getByRole('region', { name: 'Stage 2' })).getByRole('region', { name: 'Participant Group 2' });
    await user.click(within(secondGroup).getByRole('button', { name: 'Delete Group' }));
    await confirmWarning(user);
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Stage 2' })).queryByRole('region', { name: 'Participant Group 2' })).not.toBeInTheDocument(),
    );

    await user.click(within(screen.getByRole('region', { name: 'Stage 2' })).getByRole('button', { name: 'Delete Stage' }));
    await confirmWarning(user);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Stage 2' })).not.toBeInTheDocument());
    for (const [method, url] of [
      ['PUT', `${BASE}/s1/add_stage`],
      ['PUT', `${BASE}/stage2/add_group`],
      ['DELETE', `${BASE}/s1/group2-2/delete_group`],
      ['DELETE', `${BASE}/s1/2/delete_stage`],
    ]) {
      expect(net.sentTo(method, url).map((r) => r.authorization)).toEqual(['Bearer owner-token']);
    }
  });

  it(`saves with Save Changes through the owner’s call: '${studyMessages.changesSaved}'`, async () => {
    net.on('PUT', `${BASE}/s1/edit_except_consent`, { status: 200, data: { ...twoStages(), chin_name: 'Owner Edit' } });
    const { user } = await open();
    await user.clear(screen.getByLabelText('Study Name'));
    await user.type(screen.getByLabelText('Study Name'), 'Owner Edit');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(studyMessages.changesSaved)).toBeInTheDocument();
    expect(net.sentTo('PUT', `${BASE}/s1/edit_except_consent`)[0].body).toMatchObject({ chin_name: 'Owner Edit' });
  });

  it(`saves the basic information alone through the owner’s edit_basic: '${studyMessages.basicInfoChanged}'`, async () => {
    net.on('PUT', `${BASE}/s1/edit_basic`, { status: 200, data: { message: studyMessages.basicInfoChanged } });
    const { user, store } = await open();
    const name = screen.getByLabelText('Study Name');
    await user.clear(name);
    await user.type(name, 'Owner Named');
    await user.click(screen.getByRole('button', { name: 'Save Basic Information' }));
    expect(await screen.findByText('Study information was changed successfully')).toBeInTheDocument();
    const [sent] = net.sentTo('PUT', `${BASE}/s1/edit_basic`);
    expect(sent.body).toEqual({ chin_name: 'Owner Named', contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' });
    expect(sent.authorization).toBe('Bearer owner-token');
    // Only basic information went: the rest of the study is not saved by it.
    expect(net.sent.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual([`${BASE}/s1/edit_basic`]);
    expect(store.getState().ownerStudies?.study?.chin_name).toBe('Owner Named');
  });

  it(`checks the basic information first ('${authMessages.invalidEmail}') and shows the server’s refusal in the red alert`, async () => {
    net.on('PUT', `${BASE}/s1/edit_basic`, { status: 400, data: { message: studyMessages.studyNameTooLong } });
    const { user } = await open();
    const email = screen.getByLabelText('Contact Email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Basic Information' }));
    expect(screen.getByText(authMessages.invalidEmail)).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(net.sentTo('PUT', `${BASE}/s1/edit_basic`)).toEqual([]);

    await user.clear(email);
    await user.type(email, 'owner@example.org');
    await user.click(screen.getByRole('button', { name: 'Save Basic Information' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(studyMessages.studyNameTooLong);
    expect(screen.queryByText(studyMessages.basicInfoChanged)).not.toBeInTheDocument();
  });

  it('downloads the response times of a chosen stage and group through the owner’s call', async () => {
    const capture = captureSaves();
    try {
      net.on('POST', `${BASE}/s1/download_resp_time`, fileAnswer(XLSX, { bytes: 12, disposition: 'attachment; filename="ABC234_stage2_group1_response_times.xlsx"' }));
      const { user } = await open();
      const panel = screen.getByRole('region', { name: 'Response Time' });
      const group = within(panel).getByLabelText('Group');
      expect(group).toBeDisabled();
      expect(within(panel).queryByRole('button', { name: 'Download Response Time' })).not.toBeInTheDocument();
      await user.selectOptions(within(panel).getByLabelText('Stage'), 'Stage 2');
      expect(within(group).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a group', 'Group 1', 'Group 2']);
      expect(within(panel).queryByRole('button', { name: 'Download Response Time' })).not.toBeInTheDocument();
      await user.selectOptions(group, 'Group 1');
      await user.click(within(panel).getByRole('button', { name: 'Download Response Time' }));
      expect(await within(panel).findByText('Saved ABC234_stage2_group1_response_times.xlsx')).toBeInTheDocument();
      const [sent] = net.sentTo('POST', `${BASE}/s1/download_resp_time`);
      expect(sent.body).toEqual({ stageId: 'stage2', groupId: 'group2-1', includeEma: true });
      expect([sent.authorization, sent.accept]).toEqual(['Bearer owner-token', XLSX]);
      expect(net.sentTo('POST', '/api/data/s1/download_resp_time')).toEqual([]);
      expect(capture.saves.map((f) => [f.fileName, f.blob.size])).toEqual([['ABC234_stage2_group1_response_times.xlsx', 12]]);

      // Choosing another stage resets the group, and the button goes until a group is chosen again.
      await user.selectOptions(within(panel).getByLabelText('Stage'), 'stage1');
      expect(group).toHaveValue('');
      expect(within(panel).queryByRole('button', { name: 'Download Response Time' })).not.toBeInTheDocument();
    } finally {
      capture.restore();
    }
  });

  it(`shows the server’s refusal of the download in the red alert: '${dataDownloadMessages.noTasks}'`, async () => {
    net.on('POST', `${BASE}/s1/download_resp_time`, { status: 404, data: { message: dataDownloadMessages.noTasks } });
    const { user } = await open();
    const panel = screen.getByRole('region', { name: 'Response Time' });
    await user.selectOptions(within(panel).getByLabelText('Stage'), 'stage1');
    await user.selectOptions(within(panel).getByLabelText('Group'), 'group1-1');
    await user.click(within(panel).getByRole('button', { name: 'Download Response Time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(dataDownloadMessages.noTasks);
  });

  it('a 401 on the owner’s download ends the owner’s session, not the lab user’s', async () => {
    net.on('POST', `${BASE}/s1/download_resp_time`, { status: 401, data: { message: authMessages.sessionExpired } });
    const { user, store } = await open();
    const panel = screen.getByRole('region', { name: 'Response Time' });
    await user.selectOptions(within(panel).getByLabelText('Stage'), 'stage2');
    await user.selectOptions(within(panel).getByLabelText('Group'), 'group2-2');
    await user.click(within(panel).getByRole('button', { name: 'Download Response Time' }));
    await waitFor(() => expect(store.getState().auth.systemOwner).toBeNull());
    expect(store.getState().auth.labUser).not.toBeNull();
  });

  it('saves the consent form through the owner’s edit_consent', async () => {
    net.on('PUT', `${BASE}/s1/edit_consent`, { status: 200, data: { message: studyMessages.consentUpdated } });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Click To Edit Consent Form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consent Form (Scroll Down To Save)' });
    await within(dialog).findByRole('textbox', { name: 'Consent Content' });
    await user.selectOptions(within(dialog).getByLabelText('Consent Needed'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Save Consent Form' }));
    expect(await screen.findByText(studyMessages.consentUpdated)).toBeInTheDocument();
    expect(net.sentTo('PUT', `${BASE}/s1/edit_consent`)[0].body).toEqual({ consent: '<p>Please read carefully.</p>', consentNeeded: false });
  });

  it('shows a study that cannot be loaded in the red alert, with the way back to the owner’s list', async () => {
    net.on('GET', `${BASE}/s1`, { status: 404, data: { message: studyMessages.studyNotFound } });
    renderWithProviders(undefined, { route: '/systemowner/studies/s1/m1/edit', preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent(studyMessages.studyNotFound);
    expect(screen.getByRole('link', { name: 'Back to the Study List' })).toHaveAttribute('href', '/systemowner/studies/1');
  });

  it('a 401 removes the owner’s saved login and goes to the owner’s login', async () => {
    net.on('GET', `${BASE}/s1`, { status: 401, data: { message: authMessages.sessionExpired } });
    const { store } = renderWithProviders(undefined, {
      route: '/systemowner/studies/s1/m1/edit',
      preloadedState: { auth: signedIn({ systemOwner: ownerSession(), labUser: labUserSession() }) },
    });
    await waitFor(() => expect(currentLocation()).toBe('/systemowner/login?redirect=%2Fsystemowner%2Fstudies%2Fs1%2Fm1%2Fedit'));
    expect(store.getState().auth.systemOwner).toBeNull();
    expect(store.getState().auth.labUser).not.toBeNull();
  });
});

describe('follow-up rules in the system owner’s editor (no owner call reads a questionnaire whole)', () => {
  it('shows a group’s rules read only, with the note, and reads no questionnaire', async () => {
    const rule = {
      trigger_questionnaire: { _id: 'qx1', chin_name: 'Questionnaire Q01', abbrev: 'Q01' },
      when: [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'is' as const, criterion_value: 'yes' }] }],
      score_when: [{ score: 'total', criterion_operator: 'greater or equal' as const, criterion_value: 10 }],
      questionnaire_list: [{ _id: 'qx2', chin_name: 'Questionnaire Q02', abbrev: 'Q02' }],
      after_minutes: 10,
      response_in: 20,
      reminder_interval: 5,
      max_per_day: 1,
    };
    net.on('GET', `${BASE}/s1`, { status: 200, data: study({ stage_list: [stage(1, { participant_group_list: [group(1, 1, { followup_list: [rule] })] })] }) });
    const { user } = await open();
    const block = within(screen.getByRole('region', { name: 'Stage 1' })).getByRole('region', { name: 'Participant Group 1' });
    expect(within(block).getByText(followupEditorTexts.ownerReadOnly)).toBeInTheDocument();
    expect(within(block).queryByRole('button', { name: 'Add Follow-up rule' })).not.toBeInTheDocument();
    expect(within(block).queryByRole('button', { name: 'Remove Follow-up rule 1' })).not.toBeInTheDocument();
    await user.click(within(block).getByRole('button', { name: 'Open Follow-up rule 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Follow-up Prompt Rule' }));
    expect(dialog.getByText('Q1 response 1 is "yes"')).toBeInTheDocument();
    expect(dialog.getByText('score total greater or equal 10')).toBeInTheDocument();
    expect(dialog.getByLabelText('Trigger questionnaire')).toBeDisabled();
    expect(dialog.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(net.sent.filter((r) => r.url.startsWith('/api/qx_list/qx1'))).toEqual([]);
  });
});
