import { screen } from '@testing-library/react';
import { authMessages } from '../../../../src/shared/messages';
import { lab, manager, ownerSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi().on('GET', '/api/labs', { status: 200, data: { labs: [lab] } });
});
afterEach(() => net.restore());

const asOwner = { auth: signedIn({ systemOwner: ownerSession() }) };

async function open(route = '/systemowner/createLab') {
  const rendered = renderWithProviders(undefined, { route, preloadedState: asOwner });
  await screen.findByRole('heading', { name: 'Create New Lab' });
  return rendered;
}

describe('CreateLabPage', () => {
  it.each(['/systemowner/createLab', '/systemowner/createlab'])('is served at %s with the specification’s fields', async (route) => {
    await open(route);
    expect(screen.getByLabelText('Organization')).toHaveDisplayValue('Select an organization');
    expect(screen.getByRole('option', { name: 'Organization One' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Organization Two' })).toBeInTheDocument();
    expect(screen.getByLabelText('Lab Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Lab Manager Email Address')).toBeInTheDocument();
    expect(screen.getByLabelText('Lab Manager Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Lab' })).toBeInTheDocument();
  });

  it('shows the required messages for an empty form', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Create Lab' }));
    expect(screen.getByText(authMessages.organizationRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.labNameRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.confirmPasswordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Organization')).toHaveFocus();
    expect(net.sentTo('POST', '/api/labs/systemowner/createlab')).toHaveLength(0);
  });

  it('asks for a valid email, a long enough password and a matching confirmation', async () => {
    const { user } = await open();
    await user.type(screen.getByLabelText('Lab Manager Email Address'), 'manager-at-example');
    await user.type(screen.getByLabelText('Lab Manager Password'), 'short');
    await user.type(screen.getByLabelText('Confirm'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Create Lab' }));
    expect(screen.getByText(authMessages.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText('Lab Manager Email Address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('creates the lab and goes home with a toast', async () => {
    net.on('POST', '/api/labs/systemowner/createlab', { status: 201, data: { message: 'Lab has been created', lab, manager } });
    const { user } = await open();
    await user.selectOptions(screen.getByLabelText('Organization'), 'Organization One');
    await user.type(screen.getByLabelText('Lab Name'), 'Sleep Lab');
    await user.type(screen.getByLabelText('Lab Manager Email Address'), 'manager@example.org');
    await user.type(screen.getByLabelText('Lab Manager Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create Lab' }));
    expect(await screen.findByText('Lab has been created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Labs' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/systemowner/home');
    expect(net.sentTo('POST', '/api/labs/systemowner/createlab')[0]).toMatchObject({
      body: { labName: 'Sleep Lab', email: 'manager@example.org', password: 'password1', organization: 1 },
      authorization: 'Bearer owner-token',
    });
  });

  it('stays with a red alert when the server refuses', async () => {
    net.on('POST', '/api/labs/systemowner/createlab', { status: 409, data: { message: authMessages.emailTaken } });
    const { user } = await open();
    await user.selectOptions(screen.getByLabelText('Organization'), 'Organization Two');
    await user.type(screen.getByLabelText('Lab Name'), 'Mood Lab');
    await user.type(screen.getByLabelText('Lab Manager Email Address'), 'manager@example.org');
    await user.type(screen.getByLabelText('Lab Manager Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create Lab' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.emailTaken);
    expect(currentLocation()).toBe('/systemowner/createLab');
    expect(net.sentTo('POST', '/api/labs/systemowner/createlab')[0].body).toMatchObject({ organization: 2 });
  });
});
