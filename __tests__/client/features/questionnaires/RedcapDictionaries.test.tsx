// "Import from REDCap" and "Download for REDCap" on the questionnaire list (issue 35 part 2): the chosen file
// goes as text/csv, the page shows the questionnaires made and what was not carried, a refusal shows its
// message, and a questionnaire's dictionary is saved under the server's name.
import '../../support/environment';
import { screen, waitFor, within } from '@testing-library/react';
import { REDCAP_DICTIONARY_MAX_BYTES, redcapMessages } from '../../../../src/shared/redcap';
import { redcapImportTexts } from '../../../../src/client/features/questionnaires/redcap/RedcapImport';
import { mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders } from '../../testUtils';
import { captureSaves } from '../downloads/support';
import { asManager, question, questionnaire, summary } from './fixtures';

let net: MockApi;
const list = { qx_list: [summary('qx1', 'Sleep Diary', 'SD1')], pages: 1, page: 1 };
const DICTIONARY = 'Variable / Field Name,Form Name,Field Type,Field Label\r\nmood,daily_mood,radio,"Mood, today"\r\n';

beforeEach(() => {
  net = mockApi();
  net.on('GET', '/api/qx_list?pageNumber=1', { status: 200, data: list });
});
afterEach(() => net.restore());

async function open() {
  const rendered = renderWithProviders(undefined, { route: '/qx/qx_list/1', preloadedState: asManager });
  await screen.findByRole('cell', { name: 'Sleep Diary' });
  return rendered;
}

const csvFile = (text: string, name = 'dictionary.csv') => new File([text], name, { type: 'text/csv' });

describe('Import from REDCap', () => {
  it('sends the chosen dictionary as text/csv, then lists the questionnaires made and what was not carried', async () => {
    const made = questionnaire([question('q1', 'mood')], { _id: 'new1', chin_name: 'Daily mood', abbrev: 'daily_mood' });
    net.on('POST', '/api/qx_list/import_redcap', { status: 201, data: { questionnaires: [made], notMapped: [{ field: 'bmi', reason: 'Calculated fields are not asked' }] } });
    const { user } = await open();
    await user.upload(screen.getByLabelText(redcapImportTexts.choose), csvFile(DICTIONARY));
    const result = await screen.findByRole('region', { name: redcapImportTexts.resultHeading });
    const sent = net.sent.find((r) => r.url === '/api/qx_list/import_redcap');
    expect(sent).toMatchObject({ method: 'POST', contentType: 'text/csv', body: DICTIONARY, authorization: 'Bearer lab-token' });
    expect(within(result).getByText(redcapMessages.imported(1))).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Daily mood' })).toHaveAttribute('href', '/qx/new1/edit');
    const table = within(result).getByRole('table', { name: redcapImportTexts.notMappedHeading });
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['bmiCalculated fields are not asked']);
    // The list is read again, so that the new questionnaires show in it.
    await waitFor(() => expect(net.sent.filter((r) => r.url === '/api/qx_list?pageNumber=1')).toHaveLength(2));
    await user.click(within(result).getByRole('button', { name: redcapImportTexts.close }));
    expect(screen.queryByRole('region', { name: redcapImportTexts.resultHeading })).not.toBeInTheDocument();
  });

  it('says so when everything was carried', async () => {
    net.on('POST', '/api/qx_list/import_redcap', { status: 201, data: { questionnaires: [questionnaire([], { _id: 'n2' })], notMapped: [] } });
    const { user } = await open();
    await user.upload(screen.getByLabelText(redcapImportTexts.choose), csvFile(DICTIONARY));
    expect(await screen.findByText(redcapMessages.allMapped)).toBeInTheDocument();
  });

  it("shows the server's refusal of a file that is no dictionary", async () => {
    const message = redcapMessages.missingColumns(['Form Name']);
    net.on('POST', '/api/qx_list/import_redcap', { status: 400, data: { message } });
    const { user } = await open();
    await user.upload(screen.getByLabelText(redcapImportTexts.choose), csvFile('name,email\r\n'));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('region', { name: redcapImportTexts.resultHeading })).not.toBeInTheDocument();
  });

  it('refuses a file over the size limit without sending it', async () => {
    const { user } = await open();
    await user.upload(screen.getByLabelText(redcapImportTexts.choose), csvFile('x'.repeat(REDCAP_DICTIONARY_MAX_BYTES + 1)));
    expect(await screen.findByRole('alert')).toHaveTextContent(redcapMessages.tooLarge);
    expect(net.sent.some((r) => r.url === '/api/qx_list/import_redcap')).toBe(false);
  });
});

describe('Download for REDCap', () => {
  it("saves the questionnaire's dictionary under the name the server gives", async () => {
    const saves = captureSaves();
    try {
      net.on('GET', '/api/qx_list/qx1/redcap', {
        status: 200,
        data: new Blob(['\uFEFFVariable / Field Name\r\n'], { type: 'text/csv' }),
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="sleep_diary_DataDictionary.csv"' },
      });
      const { user } = await open();
      await user.click(screen.getByRole('button', { name: 'Download for REDCap Sleep Diary' }));
      await waitFor(() => expect(saves.saves.map((s) => s.fileName)).toEqual(['sleep_diary_DataDictionary.csv']));
      expect(net.sent.find((r) => r.url === '/api/qx_list/qx1/redcap')).toMatchObject({ method: 'GET', responseType: 'blob' });
    } finally {
      saves.restore();
    }
  });

  it("shows the server's message when the download is refused", async () => {
    net.on('GET', '/api/qx_list/qx1/redcap', { status: 404, data: { message: 'Questionnaire not found' } });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Download for REDCap Sleep Diary' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Questionnaire not found');
  });
});
