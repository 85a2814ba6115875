import { screen, waitFor, within } from '@testing-library/react';
import { ALL_ACCESS, type AccessEntry } from '../../../../src/shared/access';
import { authMessages, studyMessages } from '../../../../src/shared/messages';
import { labUserSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders, signedIn } from '../../testUtils';
import { editBodyOf } from '../../../../src/client/features/studies/editor/editBody';
import { mockNotLive, mockQuestionnaireList } from './editorHarness';
import { accessWithout, stage, study } from './studyFixtures';

// The rich-text editor loads lazily and types slowly in jsdom.
jest.setTimeout(30_000);

let net: MockApi;
beforeEach(() => {
  net = mockQuestionnaireList(mockApi().on('GET', '/api/studies/s1', { status: 200, data: study() }));
});
afterEach(() => net.restore());

async function open(allAccess: AccessEntry[] = [...ALL_ACCESS]) {
  mockNotLive(net, '/api/studies/s1');
  const rendered = renderWithProviders(undefined, {
    route: '/studies/s1/edit',
    preloadedState: { auth: { ...signedIn({ labUser: labUserSession() }), allAccess } },
  });
  await screen.findByRole('heading', { name: 'Edit Study' });
  return rendered;
}

const WARNING = studyMessages.structureChangeWarning;

describe('StudyEditorPage (/studies/{id}/edit): basic information', () => {
  it('shows Study Code and Active Status read-only, and the editable fields with labels', async () => {
    await open();
    const basic = screen.getByRole('region', { name: 'Basic Information' });
    expect(within(basic).getByLabelText('Study Code')).toHaveValue('ABC234');
    expect(within(basic).getByLabelText('Study Code')).toHaveAttribute('readonly');
    expect(within(basic).getByLabelText('Active Status')).toHaveValue('Inactive');
    expect(within(basic).getByLabelText('Active Status')).toHaveAttribute('readonly');
    expect(within(basic).getByLabelText('Study Name')).toHaveValue('Sleep Diary Study');
    expect(within(basic).getByLabelText('Contact Person')).toHaveValue('Dr. Chan');
    expect(within(basic).getByLabelText('Contact Email')).toHaveAttribute('type', 'email');
    expect(within(basic).getByLabelText('Study Name')).not.toHaveAttribute('readonly');
  });

  it(`saves the basic information: '${studyMessages.basicInfoChanged}'`, async () => {
    net.on('PUT', '/api/studies/s1/edit_basic', { status: 200, data: { message: studyMessages.basicInfoChanged } });
    const { user } = await open();
    const name = screen.getByLabelText('Study Name');
    await user.clear(name);
    await user.type(name, 'Sleep and Mood');
    await user.click(screen.getByRole('button', { name: 'Save Basic Information' }));
    expect(await screen.findByText(studyMessages.basicInfoChanged)).toBeInTheDocument();
    expect(net.sentTo('PUT', '/api/studies/s1/edit_basic')[0].body).toEqual({
      chin_name: 'Sleep and Mood',
      contact_person_name: 'Dr. Chan',
      contact_email: 'chan@example.org',
    });
  });

  it(`refuses a contact email that is not one: '${authMessages.invalidEmail}'`, async () => {
    const { user } = await open();
    const email = screen.getByLabelText('Contact Email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Basic Information' }));
    expect(screen.getByText(authMessages.invalidEmail)).toBeInTheDocument();
    expect(email).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(net.sent.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('without the basic-information entry, the fields are read-only and there is no save button', async () => {
    await open(accessWithout('editBasicInfo'));
    expect(screen.getByLabelText('Study Name')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save Basic Information' })).not.toBeInTheDocument();
  });
});

describe('StudyEditorPage: stages and Save Changes', () => {
  it('shows one column per stage with its number, name and groups, Basic Information first and Add Stage above them', async () => {
    net.on('GET', '/api/studies/s1', { status: 200, data: study({ stage_list: [stage(1), stage(2)] }) });
    await open();
    const first = screen.getByRole('region', { name: 'Stage 1' });
    expect(within(first).getByLabelText('Stage name (as presented to participants)')).toHaveValue('Baseline');
    const group = within(first).getByRole('region', { name: 'Participant Group 1' });
    expect(within(group).getByLabelText('Group Name')).toHaveValue('Everyone');
    expect(screen.getByRole('region', { name: 'Stage 2' })).toBeInTheDocument();
    const columns = screen.getByRole('region', { name: 'Study settings' });
    expect(columns).toHaveAttribute('tabindex', '0');
    // Add Stage and the stage switcher sit above the columns, in reach however far the stages scroll.
    const addStage = screen.getByRole('button', { name: 'Add Stage' });
    expect(columns).not.toContainElement(addStage);
    expect(addStage.compareDocumentPosition(columns) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(columns.firstElementChild).toBe(screen.getByRole('region', { name: 'Basic Information' }));
    expect(columns.firstElementChild).toHaveClass('study-editor-basic');
    expect(first).toHaveStyle({ width: '400px' });
    expect(screen.getByRole('region', { name: 'Basic Information' })).toHaveStyle({ width: '300px' });
  });

  it('names the shown stage in a switcher (the only stage a phone shows), and shows a stage just added', async () => {
    net
      .on('GET', '/api/studies/s1', { status: 200, data: study({ stage_list: [stage(1), stage(2)] }) })
      .on('PUT', '/api/studies/s1/add_stage', { status: 200, data: study({ stage_list: [stage(1), stage(2), stage(3)] }) });
    const { user } = await open();
    const switcher = screen.getByRole('combobox', { name: 'Stage shown' });
    expect(within(switcher).getAllByRole('option').map((o) => o.textContent)).toEqual(['Stage 1: Baseline', 'Stage 2']);
    expect(screen.getByRole('region', { name: 'Stage 1' })).toHaveClass('is-shown');
    expect(screen.getByRole('region', { name: 'Stage 2' })).not.toHaveClass('is-shown');
    await user.selectOptions(switcher, 'Stage 2');
    expect(screen.getByRole('region', { name: 'Stage 2' })).toHaveClass('is-shown');
    expect(screen.getByRole('region', { name: 'Stage 1' })).not.toHaveClass('is-shown');
    // Nothing unsaved: Add Stage adds at once.
    await user.click(screen.getByRole('button', { name: 'Add Stage' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Stage 3' })).toHaveClass('is-shown'));
    expect(switcher).toHaveValue('stage3');
  });

  it('adds a stage at once when nothing is unsaved: no warning, a toast and its column', async () => {
    net.on('PUT', '/api/studies/s1/add_stage', { status: 200, data: study({ stage_list: [stage(1), stage(2)] }) });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Add Stage' }));
    expect(await screen.findByText(studyMessages.stageAdded)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Stage 2' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(net.sentTo('PUT', '/api/studies/s1/add_stage')).toHaveLength(1);
  });

  it('warns before adding a stage when there are unsaved changes; Cancel keeps them, Confirm adds the stage', async () => {
    net.on('PUT', '/api/studies/s1/add_stage', { status: 200, data: study({ stage_list: [stage(1), stage(2)] }) });
    const { user } = await open();
    await user.type(screen.getByLabelText('Contact Person'), ' Jr');
    await user.click(screen.getByRole('button', { name: 'Add Stage' }));
    const dialog = await screen.findByRole('dialog', { name: WARNING });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(net.sentTo('PUT', '/api/studies/s1/add_stage')).toEqual([]);
    expect(screen.getByLabelText('Contact Person')).toHaveValue('Dr. Chan Jr');
    await user.click(screen.getByRole('button', { name: 'Add Stage' }));
    await user.click(within(await screen.findByRole('dialog', { name: WARNING })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(studyMessages.stageAdded)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Stage 2' })).toBeInTheDocument();
  });

  it('shows a failed Add Stage in the red alert at the top; after a 403 the entries are read again and the button goes', async () => {
    net
      .on('PUT', '/api/studies/s1/add_stage', { status: 403, data: { message: 'You do not have the permission STUDY/ADD/STUDY_STAGE' } })
      .on('GET', '/api/access/get_all_access', { status: 200, data: { allAccess: accessWithout('addStage') } });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Add Stage' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have the permission STUDY/ADD/STUDY_STAGE');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add Stage' })).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have the permission STUDY/ADD/STUDY_STAGE');
  });

  it(`saves the whole study with Save Changes: '${studyMessages.changesSaved}'`, async () => {
    net.on('PUT', '/api/studies/s1/edit_except_consent', (request) => ({ status: 200, data: request.body }));
    const { user } = await open();
    await user.clear(screen.getByLabelText('Contact Person'));
    await user.type(screen.getByLabelText('Contact Person'), 'Dr. Lee');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(studyMessages.changesSaved)).toBeInTheDocument();
    const body = net.sentTo('PUT', '/api/studies/s1/edit_except_consent')[0].body;
    expect(body).toEqual(editBodyOf({ ...study(), contact_person_name: 'Dr. Lee' }));
    expect(body).toMatchObject({ contact_person_name: 'Dr. Lee', stage_list: [{ _id: 'stage1', chin_name: 'Baseline' }] });
  });

  it('hides Add Stage and the consent button without their entries', async () => {
    await open(accessWithout('addStage', 'editConsent'));
    expect(screen.queryByRole('button', { name: 'Add Stage' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Click To Edit Consent Form' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('shows a study that cannot be loaded in the red alert', async () => {
    net.on('GET', '/api/studies/s1', { status: 404, data: { message: studyMessages.studyNotFound } });
    renderWithProviders(undefined, { route: '/studies/s1/edit', preloadedState: { auth: signedIn({ labUser: labUserSession() }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent(studyMessages.studyNotFound);
    expect(screen.getByRole('link', { name: 'Back to the Study List' })).toHaveAttribute('href', '/studies/1');
  });
});

describe('StudyEditorPage: the consent form', () => {
  it('edits the consent in the rich-text editor and saves it', async () => {
    net.on('PUT', '/api/studies/s1/edit_consent', { status: 200, data: { message: studyMessages.consentUpdated } });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Click To Edit Consent Form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consent Form (Scroll Down To Save)' });
    expect(within(dialog).getByLabelText('Consent Needed')).toHaveValue('yes');
    const editor = await within(dialog).findByRole('textbox', { name: 'Consent Content' });
    expect(editor).toHaveTextContent('Please read carefully.');
    await user.click(editor);
    await user.keyboard('I agree to take part.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Consent Form' }));
    expect(await screen.findByText(studyMessages.consentUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = net.sentTo('PUT', '/api/studies/s1/edit_consent')[0].body as { consent: string; consentNeeded: boolean };
    expect(body.consentNeeded).toBe(true);
    expect(body.consent).toContain('I agree to take part.');

    // Reopened, it shows what was saved.
    await user.click(screen.getByRole('button', { name: 'Click To Edit Consent Form' }));
    const again = await screen.findByRole('dialog');
    expect(await within(again).findByRole('textbox', { name: 'Consent Content' })).toHaveTextContent('I agree to take part.');
  });

  it('makes the content read-only when Consent Needed is No, and saves that choice', async () => {
    net.on('PUT', '/api/studies/s1/edit_consent', { status: 200, data: { message: studyMessages.consentUpdated } });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Click To Edit Consent Form' }));
    const dialog = await screen.findByRole('dialog');
    const editor = await within(dialog).findByRole('textbox', { name: 'Consent Content' });
    await user.selectOptions(within(dialog).getByLabelText('Consent Needed'), 'no');
    await waitFor(() => expect(editor).toHaveAttribute('contenteditable', 'false'));
    expect(editor).toHaveAttribute('aria-readonly', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save Consent Form' }));
    await screen.findByText(studyMessages.consentUpdated);
    expect(net.sentTo('PUT', '/api/studies/s1/edit_consent')[0].body).toEqual({ consent: '<p>Please read carefully.</p>', consentNeeded: false });
  });

  it('shows a refused consent save inside the dialog', async () => {
    net.on('PUT', '/api/studies/s1/edit_consent', { status: 400, data: { message: studyMessages.consentTooLong } });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Click To Edit Consent Form' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('textbox', { name: 'Consent Content' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Consent Form' }));
    expect(await within(dialog).findByText(studyMessages.consentTooLong)).toBeInTheDocument();
  });
});
