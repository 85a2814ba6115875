// An address that is no page of the portal shows "Page not found" with the way back to where the visitor
// belongs; /error keeps its own page.
import { screen } from '@testing-library/react';
import { generalMessages } from '../../../../src/shared/messages';
import { labUserSession, ownerSession } from '../../support/fixtures';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';

describe('an unknown address', () => {
  it('reads "Page not found", names the address and leads a visitor to sign in', async () => {
    const { user } = renderWithProviders(undefined, { route: '/studies/1/nothing-here' });
    expect(await screen.findByRole('heading', { name: generalMessages.pageNotFound })).toBeInTheDocument();
    expect(screen.getByText(generalMessages.pageNotFoundDetail)).toBeInTheDocument();
    expect(screen.getByText('/studies/1/nothing-here', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByText(generalMessages.oops)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    await screen.findByRole('heading', { name: /^Sign in to the/ });
    expect(currentLocation()).toBe('/login');
  });

  it('leads a signed-in lab user back to the Study List', async () => {
    renderWithProviders(undefined, { route: '/no-such-page', preloadedState: { auth: signedIn({ labUser: labUserSession() }) } });
    await screen.findByRole('heading', { name: generalMessages.pageNotFound });
    expect(screen.getByRole('link', { name: 'Go to the Study List' })).toHaveAttribute('href', '/studies/1');
  });

  it('leads the signed-in system owner back to the labs', async () => {
    renderWithProviders(undefined, { route: '/systemowner/nothing', preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) } });
    await screen.findByRole('heading', { name: generalMessages.pageNotFound });
    expect(screen.getByRole('link', { name: 'Go to the labs' })).toHaveAttribute('href', '/systemowner/home');
  });

  it('leaves /error to errors', async () => {
    renderWithProviders(undefined, { route: '/error' });
    expect(await screen.findByRole('heading', { name: generalMessages.oops })).toBeInTheDocument();
    expect(screen.queryByText(generalMessages.pageNotFound)).not.toBeInTheDocument();
  });
});
