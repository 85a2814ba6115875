// The signed-in staff member's two-step sign-in calls (issue 36), with the session of whoever uses the page.
import { api, type SessionKind } from '../../api/client';
import type { MessageAnswer } from '../../../shared/types/identity';
import type { RecoveryCodes, RemoveTotpBody, SecondFactorRequirement, SecondFactorStatus, TotpEnrolment } from '../../../shared/types/secondFactor';

export const secondFactorApi = {
  status: async (session: SessionKind) => (await api.get<SecondFactorStatus>('/api/users/me/second_factor', { session })).data,
  start: async (session: SessionKind) => (await api.post<TotpEnrolment>('/api/users/me/totp', null, { session })).data,
  confirm: async (session: SessionKind, code: string) =>
    (await api.post<RecoveryCodes>('/api/users/me/totp/confirm', { code }, { session })).data,
  remove: async (session: SessionKind, body: RemoveTotpBody) =>
    (await api.post<MessageAnswer>('/api/users/me/totp/remove', body, { session })).data,
};

/** Where the owner's requirement of a second factor lives: a lab's (its id), or the owners' (null). */
const requirementUrl = (labId: string | null) =>
  labId === null ? '/api/users/systemowner/second_factor_requirement' : `/api/labs/systemowner/${encodeURIComponent(labId)}/second_factor`;

export const requirementApi = {
  get: async (labId: string | null) => (await api.get<SecondFactorRequirement>(requirementUrl(labId), { session: 'systemOwner' })).data,
  set: async ({ labId, required }: { labId: string | null; required: boolean }) =>
    (await api.put<SecondFactorRequirement>(requirementUrl(labId), { required }, { session: 'systemOwner' })).data,
};
