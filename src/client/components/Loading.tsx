// Bootstrap's spinner, written out: every first load shows it while the page's chunk arrives.

export function Loading() {
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border" role="status">
        <span className="visually-hidden">Loading…</span>
      </div>
    </div>
  );
}
