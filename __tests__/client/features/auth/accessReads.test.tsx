// When the permission entries are read (features/auth/accessReads.ts): on opening a lab-user page with a
// stored session, when the window regains focus after a while, after a 403; and the gated pages wait for them.
import { act, screen, waitFor, within } from '@testing-library/react';
import { forbiddenMiddleware, refusedLabUserCall } from '../../../../src/client/app/forbiddenMiddleware';
import { readAccess, rereadStaleAccess } from '../../../../src/client/features/auth/accessReads';
import { fetchAccess } from '../../../../src/client/features/auth/authSlice';
import { ALL_ACCESS, type AccessEntry } from '../../../../src/shared/access';
import { ACCESS_REREAD_AFTER_MS } from '../../../../src/shared/limits';
import { authMessages } from '../../../../src/shared/messages';
import { labUserSession, ownerSession } from '../../support/fixtures';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders, signedIn, testStore } from '../../testUtils';
import { mockQuestionnaireList } from '../studies/editorHarness';
import { accessWithout, activeStudy, study } from '../studies/studyFixtures';

const READ = '/api/access/get_all_access';

let net: MockApi;
beforeEach(() => {
  net = mockApi().on('GET', '/api/studies?pageNumber=1', { status: 200, data: { studies: [activeStudy], pages: 1, page: 1 } });
});
afterEach(() => {
  net.restore();
  jest.restoreAllMocks();
});

/** A stored sign-in as after a reload: the session, entries not known. */
function open(route: string, auth: { allAccess?: AccessEntry[] | null; accessReadAt?: number | null } = {}) {
  return renderWithProviders(undefined, {
    route,
    preloadedState: { auth: { ...signedIn({ labUser: labUserSession() }), allAccess: null, ...auth } },
  });
}

const reads = () => net.sentTo('GET', READ).length;

describe('reading the entries when the portal starts with a stored sign-in', () => {
  it('shows loading on the study editor, never a read-only form, until the entries arrive; then Add Stage', async () => {
    const answer = deferred();
    net.on('GET', READ, answer.responder).on('GET', '/api/studies/s1', { status: 200, data: study() });
    mockQuestionnaireList(net);
    open('/studies/s1/edit');
    await waitFor(() => expect(reads()).toBe(1));
    expect(net.sentTo('GET', READ)[0].authorization).toBe('Bearer lab-token');
    await screen.findByRole('link', { name: 'Studies' });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Edit Study' })).not.toBeInTheDocument();

    answer.release({ status: 200, data: { allAccess: ALL_ACCESS } });
    expect(await screen.findByRole('button', { name: 'Add Stage' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(reads()).toBe(1);
  });

  it('shows the study list without its gated buttons only once the entries say so', async () => {
    const answer = deferred();
    net.on('GET', READ, answer.responder);
    open('/studies/1');
    await waitFor(() => expect(reads()).toBe(1));
    await screen.findByRole('link', { name: 'Studies' });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Study List' })).not.toBeInTheDocument();

    answer.release({ status: 200, data: { allAccess: accessWithout('createStudy') } });
    await screen.findByRole('cell', { name: 'XYZ789' });
    expect(screen.queryByRole('button', { name: 'Create Study' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('cell', { name: 'XYZ789' }).closest('tr') as HTMLElement).getByRole('button', { name: /Deactivate/ })).toBeInTheDocument();
  });

  it('waits on the Participant List too, whose Create New Participant needs an entry', async () => {
    const answer = deferred();
    net.on('GET', READ, answer.responder);
    open('/participants/s1');
    await waitFor(() => expect(reads()).toBe(1));
    await screen.findByRole('link', { name: 'Studies' });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Participant List' })).not.toBeInTheDocument();
  });

  it('does not make pages without gated buttons wait', async () => {
    net
      .on('GET', READ, deferred().responder)
      .on('GET', '/api/qx_list?pageNumber=1', { status: 200, data: { qx_list: [], pages: 1, page: 1 } });
    open('/qx/qx_list/1');
    expect(await screen.findByRole('heading', { name: 'Questionnaire List' })).toBeInTheDocument();
    expect(reads()).toBe(1);
  });

  it('after a failed read says so and offers Try again, which reads them', async () => {
    net.on('GET', READ, { status: 503, data: { message: 'Try later' } });
    const { user } = open('/studies/1');
    expect(await screen.findByText(authMessages.accessUnread)).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByText('Try later')).toBeInTheDocument();
    expect(reads()).toBe(1);

    net.on('GET', READ, { status: 200, data: { allAccess: ALL_ACCESS } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Create Study' })).toBeInTheDocument();
    expect(reads()).toBe(2);
  });

  it('reads nothing where entries are known, nor for a system owner, whose pages need none', async () => {
    net.on('GET', READ, { status: 200, data: { allAccess: ALL_ACCESS } });
    open('/studies/1', { allAccess: [...ALL_ACCESS], accessReadAt: Date.now() });
    expect(await screen.findByRole('button', { name: 'Create Study' })).toBeInTheDocument();

    renderWithProviders(undefined, {
      route: '/systemowner/studies/1',
      preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) },
    });
    await screen.findAllByRole('heading', { name: 'Study List' });
    expect(reads()).toBe(0);
  });
});

describe('reading them again', () => {
  it('when the window regains focus a while after the last read, and not sooner', async () => {
    net.on('GET', READ, { status: 200, data: { allAccess: ALL_ACCESS } });
    const readAt = Date.now();
    open('/studies/1', { allAccess: accessWithout('createStudy'), accessReadAt: readAt });
    await screen.findByRole('cell', { name: 'XYZ789' });
    const focus = () =>
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });

    focus();
    expect(reads()).toBe(0);

    // The owner granted Create Study meanwhile, and a while has passed.
    jest.spyOn(Date, 'now').mockReturnValue(readAt + ACCESS_REREAD_AFTER_MS);
    focus();
    expect(await screen.findByRole('button', { name: 'Create Study' })).toBeInTheDocument();
    expect(reads()).toBe(1);
  });

  it('when the tab becomes visible again a while after the last read', async () => {
    net.on('GET', READ, { status: 200, data: { allAccess: ALL_ACCESS } });
    open('/studies/1', { allAccess: accessWithout('createStudy'), accessReadAt: Date.now() - ACCESS_REREAD_AFTER_MS });
    await screen.findByRole('cell', { name: 'XYZ789' });
    expect(document.visibilityState).toBe('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('button', { name: 'Create Study' })).toBeInTheDocument();
    expect(reads()).toBe(1);
  });

  it('when a lab user’s call answers 403: the button goes, the message stays', async () => {
    net
      .on('POST', '/api/studies', { status: 403, data: { message: 'You do not have permission to create studies' } })
      .on('GET', READ, { status: 200, data: { allAccess: accessWithout('createStudy') } });
    const { user } = open('/studies/1', { allAccess: [...ALL_ACCESS], accessReadAt: Date.now() });
    await user.click(await screen.findByRole('button', { name: 'Create Study' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Study' });
    await user.type(within(dialog).getByLabelText('Study Name'), 'Refused');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create Study' })).not.toBeInTheDocument());
    expect(reads()).toBe(1);
    // Said in the dialog, and in the red alert behind it.
    expect(within(dialog).getByText('You do not have permission to create studies')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').filter((a) => !dialog.contains(a))[0]).toHaveTextContent('You do not have permission to create studies');
  });
});

describe('readAccess and rereadStaleAccess', () => {
  it('read nothing without a lab user, or while a read is on its way', async () => {
    const answer = deferred();
    net.on('GET', READ, answer.responder);
    const nobody = testStore({ auth: signedIn({ systemOwner: ownerSession() }) });
    nobody.dispatch(readAccess());
    expect(reads()).toBe(0);

    const store = testStore({ auth: { ...signedIn({ labUser: labUserSession() }), allAccess: [...ALL_ACCESS], accessReadAt: 0 } });
    store.dispatch(readAccess());
    store.dispatch(readAccess());
    answer.release({ status: 200, data: { allAccess: ALL_ACCESS } });
    await waitFor(() => expect(store.getState().auth.requests.access.status).toBe('success'));
    expect(reads()).toBe(1);
  });

  it('read again only entries that are unknown or at least ACCESS_REREAD_AFTER_MS old', () => {
    net.on('GET', READ, deferred().responder);
    const now = 1_000_000_000;
    const readingAfter = (auth: { allAccess: AccessEntry[] | null; accessReadAt: number }) => {
      const store = testStore({ auth: { ...signedIn({ labUser: labUserSession() }), ...auth } });
      store.dispatch(rereadStaleAccess(now));
      return store.getState().auth.requests.access.status === 'request';
    };
    expect(readingAfter({ allAccess: [...ALL_ACCESS], accessReadAt: now - ACCESS_REREAD_AFTER_MS + 1 })).toBe(false);
    expect(readingAfter({ allAccess: [...ALL_ACCESS], accessReadAt: now - ACCESS_REREAD_AFTER_MS })).toBe(true);
    expect(readingAfter({ allAccess: null, accessReadAt: now })).toBe(true);
  });
});

describe('forbiddenMiddleware', () => {
  const rejected = (session: 'labUser' | 'systemOwner', status: number) => ({
    type: 'studies/create/rejected',
    payload: { status, message: 'No' },
    meta: { rejectedWithValue: true, session, signOutOn401: true },
  });

  it('reads the entries after a lab user’s 403 only', () => {
    expect(refusedLabUserCall(rejected('labUser', 403))).toBe(true);
    expect(refusedLabUserCall(rejected('labUser', 404))).toBe(false);
    expect(refusedLabUserCall(rejected('systemOwner', 403))).toBe(false);
    expect(refusedLabUserCall({ type: 'x' })).toBe(false);
  });

  it('does not answer a 403 of the read itself with another read', () => {
    const action = fetchAccess.rejected(null, 'r1', undefined, { status: 403, message: 'No' });
    const withMeta = { ...action, meta: { ...action.meta, session: 'labUser', signOutOn401: true } };
    expect(refusedLabUserCall(withMeta)).toBe(false);
    const dispatch = jest.fn();
    const next = jest.fn();
    forbiddenMiddleware({ dispatch, getState: () => ({ auth: signedIn({ labUser: labUserSession() }) }) })(next)(withMeta);
    expect(next).toHaveBeenCalledWith(withMeta);
    expect(dispatch).not.toHaveBeenCalled();
  });
});
