import { screen, within } from '@testing-library/react';
import { siteConfig } from '../../support/fixtures';
import { renderWithProviders } from '../../testUtils';

describe('the public pages', () => {
  it('/error reads “Oops! Something went wrong!”', async () => {
    renderWithProviders(undefined, { route: '/error' });
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
  });

  it('/participant_app lists the six steps and the coordinator contact', async () => {
    renderWithProviders(undefined, { route: '/participant_app' });
    await screen.findByRole('heading', { name: 'The Participant App' });
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('strong')?.textContent)).toEqual([
      'Install the app.',
      'Create an account with an email address.',
      'Enter a study code.',
      'Complete the consent form.',
      'Receive notifications.',
      'Change or reset the password.',
    ]);
    expect(screen.getByText(/project coordinator contact of/)).toHaveTextContent(
      `For help, use the project coordinator contact of ${siteConfig.coordinator.phone} and ${siteConfig.coordinator.email}.`,
    );
    expect(screen.getByRole('link', { name: siteConfig.coordinator.email })).toHaveAttribute('href', `mailto:${siteConfig.coordinator.email}`);
  });

  it('/participant_support tells participants how to get help, with the privacy note', async () => {
    renderWithProviders(undefined, { route: '/participant_support' });
    await screen.findByRole('heading', { name: 'Participant Support' });
    expect(screen.getByRole('link', { name: siteConfig.coordinator.phone })).toHaveAttribute('href', 'tel:+85212345678');
    expect(screen.getByRole('heading', { name: 'Privacy' })).toHaveAttribute('id', 'privacy');
  });
});
