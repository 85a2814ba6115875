// The study file in the portal (issue 35 part 1): Edit Study's "Export study design" downloads the file; the
// Study List's "Import study design" sends a chosen file, shows the summary, and shows refusals in the dialog.
import { screen, within } from '@testing-library/react';
import { ALL_ACCESS, type AccessEntry } from '../../../../src/shared/access';
import { studyFileMessages } from '../../../../src/shared/messages';
import { STUDY_FILE_FORMAT, STUDY_FILE_VERSION, type StudyImportSummary } from '../../../../src/shared/studyFile/format';
import { labUserSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders, signedIn } from '../../testUtils';
import { mockNotLive, mockQuestionnaireList } from './editorHarness';
import { accessWithout, inactiveStudy, study } from './studyFixtures';

jest.setTimeout(30_000);

const file = { format: STUDY_FILE_FORMAT, version: STUDY_FILE_VERSION, exported_at: '2026-12-05T00:00:00.000Z', study: { chin_name: 'Sleep Diary Study' }, stages: [], questionnaires: [], media: [] };
const summary: StudyImportSummary = {
  questionnaires: [{ ref: 'MOOD', _id: 'q9', abbrev: 'MOOD_2' }],
  renamed: [{ from: 'MOOD', to: 'MOOD_2' }],
  missing_media: ['sunrise.png'],
  zones_not_offered: [{ zone: 'America/New_York', replaced_by: 'Asia/Hong_Kong' }],
};

let net: MockApi;
afterEach(() => net.restore());

function render(route: string, allAccess: AccessEntry[] = [...ALL_ACCESS]) {
  return renderWithProviders(undefined, { route, preloadedState: { auth: { ...signedIn({ labUser: labUserSession() }), allAccess } } });
}

describe('Export study design (Edit Study)', () => {
  let saved: { name: string; blob: Blob }[];
  let created: Blob[];
  beforeEach(() => {
    net = mockQuestionnaireList(mockApi().on('GET', '/api/studies/s1', { status: 200, data: study() }));
    mockNotLive(net, '/api/studies/s1');
    saved = [];
    created = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:design';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: created[created.length - 1] });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('downloads the study file named by the study code, for a user without entries too', async () => {
    net.on('GET', '/api/studies/s1/design', { status: 200, data: file });
    const { user } = render('/studies/s1/edit', []);
    await user.click(await screen.findByRole('button', { name: studyFileMessages.exportDesign }));
    await screen.findByRole('button', { name: studyFileMessages.exportDesign });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(net.sentTo('GET', '/api/studies/s1/design')).toHaveLength(1);
    expect(saved.map((s) => s.name)).toEqual(['study-design-ABC234.json']);
    expect(saved[0].blob.type).toBe('application/json');
  });

  it('saves nothing when the export is refused', async () => {
    net.on('GET', '/api/studies/s1/design', { status: 404, data: { message: 'Study not found' } });
    const { user } = render('/studies/s1/edit');
    await user.click(await screen.findByRole('button', { name: studyFileMessages.exportDesign }));
    expect(await screen.findByText('Study not found')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('Import study design (Study List)', () => {
  beforeEach(() => {
    net = mockApi().on('GET', '/api/studies?pageNumber=1', { status: 200, data: { studies: [inactiveStudy], pages: 1, page: 1 } });
  });

  async function chooseAndImport(content: string) {
    const rendered = render('/studies/1');
    const { user } = rendered;
    await user.click(await screen.findByRole('button', { name: studyFileMessages.importDesign }));
    const dialog = screen.getByRole('dialog', { name: studyFileMessages.importDesign });
    await user.upload(within(dialog).getByLabelText(studyFileMessages.importChoose), new File([content], 'design.json', { type: 'application/json' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    return { ...rendered, dialog };
  }

  it('sends the chosen file, shows the new study with the summary and reloads the list', async () => {
    net.on('POST', '/api/studies/import', { status: 201, data: { study: study({ _id: 's7', chin_name: 'Sleep Diary Study' }), summary } });
    const { dialog } = await chooseAndImport(JSON.stringify(file));
    expect(await within(dialog).findByText(studyFileMessages.imported('Sleep Diary Study'))).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/studies/import')[0].body).toEqual(file);
    const lines = within(within(dialog).getByRole('list', { name: 'Import summary' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      studyFileMessages.renamed('MOOD', 'MOOD_2'),
      studyFileMessages.mediaMissing('sunrise.png'),
      studyFileMessages.zoneNotOffered('America/New_York', 'Asia/Hong_Kong'),
    ]);
    expect(within(dialog).getByRole('link', { name: 'Edit the new study' })).toHaveAttribute('href', '/studies/s7/edit');
    expect(net.sentTo('GET', '/api/studies?pageNumber=1').length).toBeGreaterThanOrEqual(2);
  });

  it('says when everything was carried', async () => {
    net.on('POST', '/api/studies/import', { status: 201, data: { study: study({ _id: 's7' }), summary: { questionnaires: [], renamed: [], missing_media: [], zones_not_offered: [] } } });
    const { dialog } = await chooseAndImport(JSON.stringify(file));
    expect(await within(dialog).findByText(studyFileMessages.nothingLeftOut)).toBeInTheDocument();
  });

  it("shows the server's refusal naming the first problem in the dialog", async () => {
    const message = studyFileMessages.questionnaireRefUnknown('NOPE');
    net.on('POST', '/api/studies/import', { status: 400, data: { message } });
    const { dialog } = await chooseAndImport(JSON.stringify(file));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeInTheDocument();
  });

  it('refuses a file that is not JSON without calling the server', async () => {
    const { dialog } = await chooseAndImport('not json at all');
    expect(await within(dialog).findByText(studyFileMessages.notJson)).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/studies/import')).toEqual([]);
  });

  it('asks for a file when none was chosen', async () => {
    const { user } = render('/studies/1');
    await user.click(await screen.findByRole('button', { name: studyFileMessages.importDesign }));
    const dialog = screen.getByRole('dialog', { name: studyFileMessages.importDesign });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(studyFileMessages.importChoose);
  });

  it('is not offered without STUDY/CREATE/NEW_STUDY', async () => {
    render('/studies/1', accessWithout('createStudy'));
    await screen.findByRole('cell', { name: 'ABC234' });
    expect(screen.queryByRole('button', { name: studyFileMessages.importDesign })).not.toBeInTheDocument();
  });
});
