import '../support/environment';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Pagination, pageWindow } from '../../../src/client/components/Pagination';

describe('Pagination', () => {
  it('keeps the first, the last and the pages around the current one', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
  });

  it('links every page and marks the current one', () => {
    render(
      <MemoryRouter>
        <Pagination page={2} pages={3} hrefFor={(p) => `/studies/${p}`} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/studies/1');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/studies/3');
  });

  it('shows page 1 for a single page, with Previous and Next not offered', () => {
    render(
      <MemoryRouter>
        <Pagination page={1} pages={1} hrefFor={(p) => `/studies/${p}`} label="Study pages" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Study pages' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['1']);
    expect(within(nav).getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByText('Previous')).not.toHaveAttribute('href');
    expect(within(nav).getByText('Next')).not.toHaveAttribute('href');
  });
});
