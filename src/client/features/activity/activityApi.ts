// The Activity call (issue 21): one page of the audit trail, scoped and filtered.
import { api } from '../../api/client';
import type { ActivityPage, AuditKind } from '../../../shared/audit';

export interface ActivityQuery {
  /** A study's activity; none for the lab's (a manager) or everyone's (the system owner). */
  studyId?: string;
  person?: string;
  kind?: AuditKind;
  /** ISO instants. */
  from?: string;
  to?: string;
  page: number;
}

/** The call's address: only the filters that are set, in a fixed order. */
export function activityUrl(query: ActivityQuery): string {
  const params = new URLSearchParams();
  for (const key of ['studyId', 'person', 'kind', 'from', 'to', 'page'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `/api/activity?${params.toString()}`;
}

export const activityApi = {
  get: async (query: ActivityQuery) => (await api.get<ActivityPage>(activityUrl(query))).data,
  getAsOwner: async (query: ActivityQuery) => (await api.get<ActivityPage>(activityUrl(query), { session: 'systemOwner' })).data,
};
