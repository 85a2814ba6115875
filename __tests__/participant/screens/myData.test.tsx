// My data (issue 36 part 3): the download asks the server with the session's token and hands the zip to the
// browser as my-data.zip; a refusal shows the server's message.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, renderApp, SESSION } from '../support';

const studies = { 'GET /api/app/studies': { status: 200, body: { participations: [] } } };

describe('My data', () => {
  const created = jest.fn((_blob: Blob) => 'blob:my-data');
  const clicked: { href: string; download: string }[] = [];
  beforeEach(() => {
    clicked.length = 0;
    created.mockClear();
    URL.createObjectURL = created;
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('downloads the zip with the session token and saves it as my-data.zip', async () => {
    const user = userEvent.setup();
    const { made } = renderApp('/app/', { ...studies, 'GET /api/app/me/export': { status: 200, body: { zip: true } } }, { session: SESSION });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:my-data', download: 'my-data.zip' }]));
    expect(callsTo(made, 'GET', '/api/app/me/export')[0].authorization).toBe('Bearer participant-token');
    expect(created).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message when the download is refused, saving nothing", async () => {
    const user = userEvent.setup();
    renderApp('/app/', { ...studies, 'GET /api/app/me/export': { status: 404, body: { message: 'Not here' } } }, { session: SESSION });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not here');
    expect(clicked).toEqual([]);
  });
});
