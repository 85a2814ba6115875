// The MANAGER column: a tick or a cross, with words for screen readers.
export function ManagerMark({ isManager }: { isManager: boolean }) {
  return (
    <>
      <span aria-hidden="true" className={isManager ? 'text-success' : 'text-body-secondary'}>
        {isManager ? '✓' : '✗'}
      </span>
      <span className="visually-hidden">{isManager ? 'Yes' : 'No'}</span>
    </>
  );
}
