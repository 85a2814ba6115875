// Two-step sign-in in the portal (issue 36): the account page's section, the code step of both sign-ins, the
// owner's requirement switches, and a session required to add a second factor sent to the account page.
import { screen, waitFor, within } from '@testing-library/react';
import { secondFactorMessages, secondFactorTexts } from '../../../../src/shared/messages';
import { lab, labInfo, labUserSession, manager, ownerSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const enrolment = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', qrCode: 'data:image/png;base64,AAAA' };

function openAccount(session = labUserSession()) {
  return renderWithProviders(undefined, { route: '/account', preloadedState: { auth: signedIn({ labUser: session }) } });
}

describe('the account page’s Two-step sign-in', () => {
  it('adds an app: QR code and secret, a wrong code refused in place, then the recovery codes once, with the warning', async () => {
    net
      .on('GET', '/api/users/me/second_factor', { status: 200, data: { totp: false, recoveryCodesLeft: 0, required: false } })
      .on('POST', '/api/users/me/totp', { status: 200, data: enrolment })
      .on('POST', '/api/users/me/totp/confirm', (request) =>
        (request.body as { code: string }).code === '123456'
          ? { status: 200, data: { recoveryCodes } }
          : { status: 400, data: { message: secondFactorMessages.wrongCode } },
      );
    const { user } = openAccount();
    expect(await screen.findByRole('heading', { name: secondFactorTexts.heading })).toBeInTheDocument();
    expect(await screen.findByText(secondFactorTexts.off)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: secondFactorTexts.start }));
    expect(await screen.findByRole('img', { name: secondFactorTexts.qrAlt })).toHaveAttribute('src', enrolment.qrCode);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(enrolment.secret);

    await user.type(screen.getByLabelText(secondFactorTexts.codeLabel), '000000');
    await user.click(screen.getByRole('button', { name: secondFactorTexts.confirm }));
    expect(await screen.findByText(secondFactorMessages.wrongCode)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(secondFactorTexts.codeLabel));
    await user.type(screen.getByLabelText(secondFactorTexts.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: secondFactorTexts.confirm }));

    const list = await screen.findByRole('list', { name: secondFactorTexts.recoveryHeading });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
    expect(screen.getByText(secondFactorTexts.recoveryWarning)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: secondFactorTexts.recoveryKept }));
    expect(screen.queryByRole('list', { name: secondFactorTexts.recoveryHeading })).not.toBeInTheDocument();
    expect(screen.getByText(secondFactorTexts.on(10))).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/users/me/totp/confirm').map((r) => r.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
  });

  it('removes it with the password and a code after a confirmation, and shows a wrong password in place', async () => {
    net
      .on('GET', '/api/users/me/second_factor', { status: 200, data: { totp: true, recoveryCodesLeft: 7, required: false } })
      .on('POST', '/api/users/me/totp/remove', (request) =>
        (request.body as { password: string }).password === 'right-password'
          ? { status: 200, data: { message: secondFactorMessages.removed } }
          : { status: 400, data: { message: secondFactorMessages.wrongPassword } },
      );
    const { user } = openAccount();
    expect(await screen.findByText(secondFactorTexts.on(7))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: secondFactorTexts.remove }));
    await user.type(screen.getByLabelText(secondFactorTexts.passwordLabel), 'wrong-password');
    await user.type(screen.getByLabelText(secondFactorTexts.codeLabel), '654321');
    await user.click(screen.getByRole('button', { name: secondFactorTexts.remove }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(secondFactorTexts.removeQuestion)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: secondFactorTexts.remove }));
    expect(await screen.findByText(secondFactorMessages.wrongPassword)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(secondFactorTexts.passwordLabel));
    await user.type(screen.getByLabelText(secondFactorTexts.passwordLabel), 'right-password');
    await user.click(screen.getByRole('button', { name: secondFactorTexts.remove }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: secondFactorTexts.remove }));
    expect(await screen.findByText(secondFactorTexts.off)).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/users/me/totp/remove').at(-1)?.body).toEqual({ password: 'right-password', code: '654321' });
  });

  it('says when the account is required to add it', async () => {
    net.on('GET', '/api/users/me/second_factor', { status: 200, data: { totp: false, recoveryCodesLeft: 0, required: true } });
    openAccount(labUserSession({ secondFactorSetupRequired: true }));
    expect(await screen.findByText(secondFactorTexts.required)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: secondFactorTexts.remove })).not.toBeInTheDocument();
  });

  it('sends a session required to add a second factor from any other page to the account page', async () => {
    net.on('GET', '/api/users/me/second_factor', { status: 200, data: { totp: false, recoveryCodesLeft: 0, required: true } });
    renderWithProviders(undefined, { route: '/qx/qx_list/1', preloadedState: { auth: signedIn({ labUser: labUserSession({ secondFactorSetupRequired: true }) }) } });
    await waitFor(() => expect(currentLocation()).toBe('/account'));
    expect(await screen.findByText(secondFactorTexts.required)).toBeInTheDocument();
  });
});

describe('the sign-in’s code step', () => {
  async function signIn(user: ReturnType<typeof renderWithProviders>['user']) {
    await user.type(await screen.findByLabelText('Email'), 'member@example.org');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('asks for the code after the password, shows a wrong one in place, then signs in with a recovery code', async () => {
    net
      .on('POST', '/api/users/login', { status: 200, data: { secondFactorRequired: true, challengeToken: 'challenge-1', methods: ['totp', 'recovery_code'] } })
      .on('POST', '/api/users/login/second_factor', (request) =>
        (request.body as { code: string }).code === 'abcde-fghjk'
          ? { status: 200, data: labUserSession() }
          : { status: 401, data: { message: secondFactorMessages.wrongCode } },
      )
      .on('GET', '/api/access/get_all_access', { status: 200, data: { allAccess: [] } });
    const { user, store } = renderWithProviders(undefined, { route: '/login' });
    await signIn(user);
    expect(await screen.findByText(secondFactorTexts.stepHelp)).toBeInTheDocument();
    expect(store.getState().auth.labUser).toBeNull();
    await user.type(screen.getByLabelText(secondFactorTexts.codeLabel), '111111');
    await user.click(screen.getByRole('button', { name: secondFactorTexts.stepSubmit }));
    expect(await screen.findByText(secondFactorMessages.wrongCode)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(secondFactorTexts.codeLabel));
    await user.type(screen.getByLabelText(secondFactorTexts.codeLabel), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: secondFactorTexts.stepSubmit }));
    await waitFor(() => expect(currentLocation()).toBe('/studies/1'));
    expect(net.sentTo('POST', '/api/users/login/second_factor').map((r) => r.body)).toEqual([
      { challengeToken: 'challenge-1', code: '111111' },
      { challengeToken: 'challenge-1', code: 'abcde-fghjk' },
    ]);
  });

  it('goes back to the password with Back', async () => {
    net.on('POST', '/api/users/login', { status: 200, data: { secondFactorRequired: true, challengeToken: 'c', methods: ['totp'] } });
    const { user } = renderWithProviders(undefined, { route: '/login' });
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: secondFactorTexts.stepBack }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });

  it('sends a session required to add a second factor to the account page', async () => {
    net
      .on('POST', '/api/users/login', { status: 200, data: labUserSession({ secondFactorSetupRequired: true }) })
      .on('GET', '/api/users/me/second_factor', { status: 200, data: { totp: false, recoveryCodesLeft: 0, required: true } });
    const { user } = renderWithProviders(undefined, { route: '/login' });
    await signIn(user);
    await waitFor(() => expect(currentLocation()).toBe('/account'));
    expect(await screen.findByText(secondFactorTexts.required)).toBeInTheDocument();
  });

  it('asks the system owner for the code at the owner’s code step', async () => {
    net
      .on('POST', '/api/users/systemowner/login', { status: 200, data: { secondFactorRequired: true, challengeToken: 'owner-challenge', methods: ['totp'] } })
      .on('POST', '/api/users/systemowner/login/second_factor', { status: 200, data: ownerSession() })
      .on('GET', '/api/labs', { status: 200, data: { labs: [lab] } });
    const { user } = renderWithProviders(undefined, { route: '/systemowner/login' });
    await signIn(user);
    await user.type(await screen.findByLabelText(secondFactorTexts.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: secondFactorTexts.stepSubmit }));
    await waitFor(() => expect(currentLocation()).toBe('/systemowner/home'));
    expect(net.sentTo('POST', '/api/users/systemowner/login/second_factor')[0].body).toEqual({ challengeToken: 'owner-challenge', code: '123456' });
  });
});

describe('the owner’s requirement switches', () => {
  it('requires two-step sign-in of a lab’s users from the lab’s page', async () => {
    net
      .on('GET', '/api/labs/systemowner/lab1', { status: 200, data: { lab, users: [manager] } })
      .on('GET', '/api/labs/labinfo/lab1', { status: 200, data: labInfo })
      .on('GET', '/api/labs/systemowner/lab1/second_factor', { status: 200, data: { required: false } })
      .on('PUT', '/api/labs/systemowner/lab1/second_factor', { status: 200, data: { required: true } });
    const { user } = renderWithProviders(undefined, { route: '/systemowner/lab/lab1', preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) } });
    const toggle = await screen.findByRole('checkbox', { name: secondFactorTexts.requireLab });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(net.sentTo('PUT', '/api/labs/systemowner/lab1/second_factor')[0]).toMatchObject({ body: { required: true }, authorization: 'Bearer owner-token' });
  });

  it('requires it of system owners from the owner’s account page', async () => {
    net
      .on('GET', '/api/users/me/second_factor', { status: 200, data: { totp: true, recoveryCodesLeft: 10, required: false } })
      .on('GET', '/api/users/systemowner/second_factor_requirement', { status: 200, data: { required: false } })
      .on('PUT', '/api/users/systemowner/second_factor_requirement', { status: 200, data: { required: true } });
    const { user } = renderWithProviders(undefined, { route: '/systemowner/account', preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) } });
    const toggle = await screen.findByRole('checkbox', { name: secondFactorTexts.requireOwners });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(net.sentTo('GET', '/api/users/me/second_factor')[0].authorization).toBe('Bearer owner-token');
  });
});
