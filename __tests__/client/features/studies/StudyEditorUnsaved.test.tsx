// The study editor and its consent dialog never lose typed work silently (the shared unsaved-changes guard).
import { screen, waitFor, within } from '@testing-library/react';
import { ALL_ACCESS } from '../../../../src/shared/access';
import { authMessages, portalMessages, studyMessages } from '../../../../src/shared/messages';
import { labUserSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';
import { study } from './studyFixtures';
import { mockNotLive } from './editorHarness';

// The rich-text editor loads lazily and types slowly in jsdom.
jest.setTimeout(30_000);

const LEAVE = portalMessages.unsavedLeavePage;
const DISCARD = portalMessages.unsavedDiscard;
const CONSENT = 'Consent Form (Scroll Down To Save)';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/studies/s1', { status: 200, data: study() })
    .on('GET', '/api/qx_list?pageNumber=1', { status: 200, data: { qx_list: [], pages: 1, page: 1 } })
    .on('POST', '/api/users/logout', { status: 200, data: { message: 'Signed out' } });
});
afterEach(() => net.restore());

async function open() {
  mockNotLive(net, '/api/studies/s1');
  const rendered = renderWithProviders(undefined, {
    route: '/studies/s1/edit',
    preloadedState: { auth: { ...signedIn({ labUser: labUserSession() }), allAccess: [...ALL_ACCESS] } },
  });
  await screen.findByRole('heading', { name: 'Edit Study' });
  return rendered;
}

const menuLink = () => screen.getByRole('link', { name: 'Questionnaires' });

describe('StudyEditorPage: leaving with unsaved changes', () => {
  it('follows a menu link without a question when nothing changed', async () => {
    const { user } = await open();
    await user.click(menuLink());
    await waitFor(() => expect(currentLocation()).toBe('/qx/qx_list/1'));
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
  });

  it(`asks '${LEAVE}' before a menu link loses an edited field: Stay keeps the text, Leave goes`, async () => {
    const { user } = await open();
    await user.type(screen.getByLabelText('Contact Person'), ' (PI)');
    await user.click(menuLink());
    await user.click(within(await screen.findByRole('dialog', { name: LEAVE })).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/studies/s1/edit');
    expect(screen.getByLabelText('Contact Person')).toHaveValue('Dr. Chan (PI)');

    await user.click(menuLink());
    await user.click(within(await screen.findByRole('dialog', { name: LEAVE })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(currentLocation()).toBe('/qx/qx_list/1'));
  });

  it('does not ask after Save Changes', async () => {
    net.on('PUT', '/api/studies/s1/edit_except_consent', (request) => ({ status: 200, data: request.body }));
    const { user } = await open();
    await user.type(screen.getByLabelText('Study Name'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(studyMessages.changesSaved);
    await user.click(menuLink());
    await waitFor(() => expect(currentLocation()).toBe('/qx/qx_list/1'));
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
  });

  it('does not ask after Save Basic Information, nor after the consent form was saved', async () => {
    net
      .on('PUT', '/api/studies/s1/edit_basic', { status: 200, data: { message: studyMessages.basicInfoChanged } })
      .on('PUT', '/api/studies/s1/edit_consent', { status: 200, data: { message: studyMessages.consentUpdated } });
    const { user } = await open();
    await user.type(screen.getByLabelText('Study Name'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save Basic Information' }));
    await screen.findByText(studyMessages.basicInfoChanged);
    await user.click(screen.getByRole('button', { name: 'Click To Edit Consent Form' }));
    const dialog = await screen.findByRole('dialog', { name: CONSENT });
    await user.selectOptions(within(dialog).getByLabelText('Consent Needed'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Save Consent Form' }));
    await screen.findByText(studyMessages.consentUpdated);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: CONSENT })).not.toBeInTheDocument());
    await user.click(menuLink());
    await waitFor(() => expect(currentLocation()).toBe('/qx/qx_list/1'));
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
  });

  it('asks before Logout signs out of a page with changes; Stay keeps the session and the text', async () => {
    const { user, store } = await open();
    await user.type(screen.getByLabelText('Contact Person'), 'x');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog', { name: LEAVE })).getByRole('button', { name: 'Stay' }));
    expect(net.sentTo('POST', '/api/users/logout')).toEqual([]);
    expect(store.getState().auth.labUser).not.toBeNull();
    expect(screen.getByLabelText('Contact Person')).toHaveValue('Dr. Chanx');

    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog', { name: LEAVE })).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(store.getState().auth.labUser).toBeNull();
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
  });

  it('lets an ended session go to the sign-in page without a question', async () => {
    net.on('PUT', '/api/studies/s1/edit_except_consent', { status: 401, data: { message: authMessages.sessionExpired } });
    const { user } = await open();
    await user.type(screen.getByLabelText('Contact Person'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login?redirect=%2Fstudies%2Fs1%2Fedit');
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
  });
});

describe('StudyEditorPage: the consent dialog with typed text', () => {
  async function openConsent() {
    const rendered = await open();
    await rendered.user.click(screen.getByRole('button', { name: 'Click To Edit Consent Form' }));
    const dialog = await screen.findByRole('dialog', { name: CONSENT });
    const editor = await within(dialog).findByRole('textbox', { name: 'Consent Content' });
    return { ...rendered, dialog, editor };
  }
  const consentDialog = () => screen.queryByRole('dialog', { name: CONSENT });

  it('closes with Escape without a question when nothing was typed', async () => {
    const { user } = await openConsent();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(consentDialog()).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: DISCARD })).not.toBeInTheDocument();
  });

  it.each([
    ['Escape', 'escape'],
    ['a click on the backdrop', 'backdrop'],
    ['the close button', 'close'],
    ['Cancel', 'cancel'],
  ] as const)(`asks '${DISCARD}' before %s loses typed consent text`, async (_how, way) => {
    const { user, dialog, editor } = await openConsent();
    await user.click(editor);
    await user.keyboard('I agree.');
    const close = async () => {
      if (way === 'escape') await user.keyboard('{Escape}');
      if (way === 'backdrop') await user.click(dialog);
      if (way === 'close') await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      if (way === 'cancel') await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    };
    await close();
    await user.click(within(await screen.findByRole('dialog', { name: DISCARD })).getByRole('button', { name: 'Keep Editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD })).not.toBeInTheDocument());
    expect(consentDialog()).toBeInTheDocument();
    expect(editor).toHaveTextContent('I agree.');

    await close();
    await user.click(within(await screen.findByRole('dialog', { name: DISCARD })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(consentDialog()).not.toBeInTheDocument());
    expect(net.sentTo('PUT', '/api/studies/s1/edit_consent')).toEqual([]);
  });

  it('counts a changed Consent Needed as a change, and changed back as none', async () => {
    const { user, dialog } = await openConsent();
    await user.selectOptions(within(dialog).getByLabelText('Consent Needed'), 'no');
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: DISCARD })).getByRole('button', { name: 'Keep Editing' }));
    await user.selectOptions(within(dialog).getByLabelText('Consent Needed'), 'yes');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(consentDialog()).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: DISCARD })).not.toBeInTheDocument();
  });
});
