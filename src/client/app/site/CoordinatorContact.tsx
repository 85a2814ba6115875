// The project coordinator's phone and email from the site configuration, as links.
import type { SiteConfig } from '../../../shared/types/identity';

export function CoordinatorContact({ coordinator }: { coordinator: SiteConfig['coordinator'] }) {
  return (
    <>
      <a href={`tel:${coordinator.phone.replace(/[^\d+]/g, '')}`}>{coordinator.phone}</a> and{' '}
      <a href={`mailto:${coordinator.email}`}>{coordinator.email}</a>
    </>
  );
}
