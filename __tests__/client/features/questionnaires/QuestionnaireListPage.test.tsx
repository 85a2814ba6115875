import '../../support/environment';
import { screen, waitFor, within } from '@testing-library/react';
import { questionnaireListTexts } from '../../../../src/client/features/questionnaires/QuestionnaireListPage';
import { MAX_PAGE_NUMBER } from '../../../../src/shared/limits';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders } from '../../testUtils';
import { asManager, questionnaire, summary } from './fixtures';

let net: MockApi;
const page1 = { qx_list: [summary('qx1', 'Sleep Diary', 'SD1'), summary('qx2', 'Mood Check', 'MC1', null)], pages: 2, page: 1 };

beforeEach(() => {
  net = mockApi();
  for (const page of [1, 2, 7]) net.on('GET', `/api/qx_list?pageNumber=${page}`, { status: 200, data: { ...page1, page } });
});
afterEach(() => net.restore());

async function open(route = '/qx/qx_list/1') {
  const rendered = renderWithProviders(undefined, { route, preloadedState: asManager });
  await screen.findByRole('cell', { name: 'Sleep Diary' });
  return rendered;
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('QuestionnaireListPage (/qx/qx_list/{pageNumber})', () => {
  it('lists NAME, CODE, CREATED AT (date only) and LAST EDITED BY, with Edit and Delete', async () => {
    await open();
    expect(screen.getByRole('heading', { name: 'Questionnaire List' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').slice(0, 4).map((h) => h.textContent)).toEqual(['NAME', 'CODE', 'CREATED AT', 'LAST EDITED BY']);
    const row = within(rowOf('Sleep Diary'));
    expect(row.getByRole('cell', { name: 'SD1' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '2024-05-02' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: 'manager@example.org' })).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Edit Sleep Diary' })).toHaveAttribute('href', '/qx/qx1/edit');
    expect(row.getByRole('button', { name: 'Delete Sleep Diary' })).toBeInTheDocument();
    expect(net.sent[0]).toMatchObject({ url: '/api/qx_list?pageNumber=1', authorization: 'Bearer lab-token' });
  });

  it('asks for the page in the path and links the other pages', async () => {
    await open('/qx/qx_list/2');
    expect(net.sent[0].url).toBe('/api/qx_list?pageNumber=2');
    const pages = screen.getByRole('navigation', { name: 'Questionnaire pages' });
    expect(within(pages).getByRole('link', { name: '1' })).toHaveAttribute('href', '/qx/qx_list/1');
    expect(within(pages).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows page 1 when the list fits on one page', async () => {
    net.on('GET', '/api/qx_list?pageNumber=1', { status: 200, data: { ...page1, pages: 1 } });
    await open();
    const pages = screen.getByRole('navigation', { name: 'Questionnaire pages' });
    expect(within(pages).getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends a page beyond the last to the last page', async () => {
    renderWithProviders(undefined, { route: '/qx/qx_list/7', preloadedState: asManager });
    await waitFor(() => expect(currentLocation()).toBe('/qx/qx_list/2'));
    expect(await screen.findByRole('cell', { name: 'Sleep Diary' })).toBeInTheDocument();
  });

  it('sends a page number past any list (20 digits) to the last page, asking the server for its highest page', async () => {
    net.on('GET', `/api/qx_list?pageNumber=${MAX_PAGE_NUMBER}`, { status: 200, data: { ...page1, page: MAX_PAGE_NUMBER } });
    renderWithProviders(undefined, { route: '/qx/qx_list/99999999999999999999', preloadedState: asManager });
    await waitFor(() => expect(currentLocation()).toBe('/qx/qx_list/2'));
    expect(await screen.findByRole('cell', { name: 'Sleep Diary' })).toBeInTheDocument();
  });

  it('says so when the lab has no questionnaires', async () => {
    net.on('GET', '/api/qx_list?pageNumber=1', { status: 200, data: { qx_list: [], pages: 1, page: 1 } });
    renderWithProviders(undefined, { route: '/qx/qx_list', preloadedState: asManager });
    expect(await screen.findByText(questionnaireListTexts.empty)).toBeInTheDocument();
  });

  it('deletes after "Are you sure?" and shows the server’s message', async () => {
    net.on('DELETE', '/api/qx_list/qx1', { status: 200, data: { message: 'Questionnaire has been deleted' } });
    const { user } = await open();
    await user.click(within(rowOf('Sleep Diary')).getByRole('button', { name: 'Delete Sleep Diary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Questionnaire has been deleted')).toBeInTheDocument();
    expect(net.sentTo('DELETE', '/api/qx_list/qx1')).toHaveLength(1);
    await waitFor(() => expect(net.sentTo('GET', '/api/qx_list?pageNumber=1')).toHaveLength(2));
  });

  it('does not delete when the question is cancelled', async () => {
    const { user } = await open();
    await user.click(within(rowOf('Mood Check')).getByRole('button', { name: 'Delete Mood Check' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.sentTo('DELETE', '/api/qx_list/qx2')).toHaveLength(0);
  });

  it('shows a failed load in the red alert', async () => {
    net.on('GET', '/api/qx_list?pageNumber=1', { status: 500, data: { message: 'Something went wrong on the server. Please try again.' } });
    renderWithProviders(undefined, { route: '/qx/qx_list/1', preloadedState: asManager });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on the server. Please try again.');
  });
});

describe('Create Questionnaire', () => {
  it('requires name and code before any call', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Create Questionnaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Questionnaire' });
    await user.type(within(dialog).getByLabelText('Questionnaire Name'), 'Sleep Diary');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Questionnaire name and code are required')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Questionnaire Name'));
    await user.type(within(dialog).getByLabelText('Questionnaire Code'), 'SD2');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Questionnaire name and code are required')).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/qx_list')).toHaveLength(0);
  });

  it('creates the questionnaire and opens its editor', async () => {
    net
      .on('POST', '/api/qx_list', { status: 201, data: questionnaire([], { _id: 'qx9', chin_name: 'Evening', abbrev: 'EV1' }) })
      .on('GET', '/api/qx_list/qx9', { status: 200, data: questionnaire([], { _id: 'qx9', chin_name: 'Evening', abbrev: 'EV1' }) })
      .on('GET', '/api/qx_list/qx9/mc', { status: 200, data: { sets: [] } })
      .on('GET', '/api/qx_list/qx9/versions', { status: 200, data: { versions: [] } });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Create Questionnaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Questionnaire' });
    await user.type(within(dialog).getByLabelText('Questionnaire Name'), ' Evening ');
    await user.type(within(dialog).getByLabelText('Questionnaire Code'), 'EV1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentLocation()).toBe('/qx/qx9/edit'));
    expect(net.sentTo('POST', '/api/qx_list')[0].body).toEqual({ chin_name: 'Evening', abbrev: 'EV1' });
    expect(await screen.findByRole('heading', { name: 'Edit Questionnaire' })).toBeInTheDocument();
    expect(screen.getByLabelText('Questionnaire Code')).toHaveValue('EV1');
  });

  it('shows the server’s refusal once, in the dialog, not also in the red alert behind it', async () => {
    net.on('POST', '/api/qx_list', { status: 409, data: { message: 'This questionnaire code is already used in your lab' } });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Create Questionnaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Questionnaire' });
    await user.type(within(dialog).getByLabelText('Questionnaire Name'), 'Copy');
    await user.type(within(dialog).getByLabelText('Questionnaire Code'), 'SD1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This questionnaire code is already used in your lab')).toBeInTheDocument();
    expect(screen.getAllByText('This questionnaire code is already used in your lab')).toHaveLength(1);
    expect(currentLocation()).toBe('/qx/qx_list/1');
  });
});
