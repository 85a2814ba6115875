// Activity (issue 21): the audit trail of a study (/studies/{id}/activity, its lab's users), of the lab
// (/lab/activity, the manager) or of everything (/systemowner/activity). The server decides what each may see;
// a refusal shows in the red alert, as every failed call does.
import { useEffect, useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { ActivityEntryRow } from './ActivityEntryRow';
import { ActivityFilters, noFilter, type ActivityFilter } from './ActivityFilters';
import type { ActivityQuery } from './activityApi';
import { selectActivityPage, selectActivityRequest, fetchActivity, fetchActivityAsOwner } from './activitySlice';

export type ActivityScope = 'study' | 'lab' | 'all';

const TITLES: Record<ActivityScope, string> = { study: 'Study Activity', lab: 'Lab Activity', all: 'Activity' };

/** A day's start in UTC, and the next day's start for an inclusive "to" day. */
function dayStart(day: string, plusDays = 0): string | undefined {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + plusDays);
  return start.toISOString();
}

function queryOf(studyId: string | undefined, filter: ActivityFilter, page: number): ActivityQuery {
  return {
    ...(studyId ? { studyId } : {}),
    ...(filter.person.trim() ? { person: filter.person.trim() } : {}),
    ...(filter.kind ? { kind: filter.kind } : {}),
    from: dayStart(filter.fromDay),
    to: dayStart(filter.toDay, 1),
    page,
  };
}

export default function ActivityPage({ scope }: { scope: ActivityScope }) {
  const dispatch = useAppDispatch();
  const { id: studyId } = useParams();
  const [filter, setFilter] = useState<ActivityFilter>(noFilter);
  const [page, setPage] = useState(1);
  const answer = useAppSelector(selectActivityPage);
  const request = useAppSelector(selectActivityRequest);

  useEffect(() => {
    const query = queryOf(scope === 'study' ? studyId : undefined, filter, page);
    void dispatch(scope === 'all' ? fetchActivityAsOwner(query) : fetchActivity(query));
  }, [dispatch, scope, studyId, filter, page]);

  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  return (
    <section>
      <h1 className="h3 mb-3">{TITLES[scope]}</h1>
      <ActivityFilters
        onApply={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      {request.status === 'request' && !answer && <Loading />}
      {answer && answer.entries.length === 0 && <EmptyState message="No activity recorded." />}
      {answer && answer.entries.length > 0 && (
        <>
          {/* Long before/after values can make the table scroll sideways: the region takes the focus so the keyboard scrolls it. */}
          <div className="table-responsive" tabIndex={0} role="region" aria-label={`${TITLES[scope]} entries`}>
            <Table className="align-top">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Before and after</th>
                </tr>
              </thead>
              <tbody>
                {answer.entries.map((entry) => (
                  <ActivityEntryRow key={entry.seq} entry={entry} />
                ))}
              </tbody>
            </Table>
          </div>
          <nav aria-label="Activity pages" className="d-flex gap-2 align-items-center">
            <Button variant="outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {answer.page} of {pages}
            </span>
            <Button variant="outline-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
