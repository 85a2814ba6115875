// The signed-in staff member's two-step sign-in calls (issue 36), with the session of whoever uses the page.
import { api, type SessionKind } from '../../api/client';
import type { MessageAnswer } from '../../../shared/types/identity';
import type { RecoveryCodes, RemoveTotpBody, SecondFactorStatus, TotpEnrolment } from '../../../shared/types/secondFactor';

export const secondFactorApi = {
  status: async (session: SessionKind) => (await api.get<SecondFactorStatus>('/api/users/me/second_factor', { session })).data,
  start: async (session: SessionKind) => (await api.post<TotpEnrolment>('/api/users/me/totp', null, { session })).data,
  confirm: async (session: SessionKind, code: string) =>
    (await api.post<RecoveryCodes>('/api/users/me/totp/confirm', { code }, { session })).data,
  remove: async (session: SessionKind, body: RemoveTotpBody) =>
    (await api.post<MessageAnswer>('/api/users/me/totp/remove', body, { session })).data,
};
