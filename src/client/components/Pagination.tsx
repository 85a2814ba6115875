// Page links for the paged lists (pagination starts at 1). Long ranges show the first, the last and the pages
// around the current one. "Page numbers are shown" (part 1, Study List): a list of one page shows page 1 too.
import { Link } from 'react-router-dom';

interface PaginationProps {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label?: string;
}

export function pageWindow(page: number, pages: number, around = 2): (number | 'gap')[] {
  const shown = new Set([1, pages]);
  for (let p = page - around; p <= page + around; p += 1) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) result.push('gap');
    result.push(p);
  });
  return result;
}

function PageLink({ to, label, disabled, current }: { to: string; label: string; disabled?: boolean; current?: boolean }) {
  if (disabled) {
    return (
      <li className="page-item disabled">
        <span className="page-link">{label}</span>
      </li>
    );
  }
  return (
    <li className={`page-item${current ? ' active' : ''}`}>
      <Link className="page-link" to={to} aria-current={current ? 'page' : undefined}>
        {label}
      </Link>
    </li>
  );
}

export function Pagination({ page, pages, hrefFor, label = 'Pages' }: PaginationProps) {
  if (pages < 1) return null;
  return (
    <nav aria-label={label}>
      <ul className="pagination flex-wrap">
        <PageLink to={hrefFor(page - 1)} label="Previous" disabled={page <= 1} />
        {pageWindow(page, pages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className="page-item disabled">
              <span className="page-link">…</span>
            </li>
          ) : (
            <PageLink key={p} to={hrefFor(p)} label={String(p)} current={p === page} />
          ),
        )}
        <PageLink to={hrefFor(page + 1)} label="Next" disabled={page >= pages} />
      </ul>
    </nav>
  );
}
