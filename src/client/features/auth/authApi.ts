// The sign-in calls (part 1 section 7 "Sign-in and lab users").
import { api, type SessionKind } from '../../api/client';
import type { AccessEntry } from '../../../shared/access';
import type { LabUserSession, LoginBody, MessageAnswer, SystemOwnerSession } from '../../../shared/types/identity';
import type { SecondFactorChallenge, SecondFactorStep } from '../../../shared/types/secondFactor';

export interface Credentials {
  email: string;
  password: string;
}

export const authApi = {
  login: async (body: LoginBody) =>
    (await api.post<LabUserSession | SecondFactorChallenge>('/api/users/login', body, { session: 'none' })).data,
  systemOwnerLogin: async (body: Credentials) =>
    (await api.post<SystemOwnerSession | SecondFactorChallenge>('/api/users/systemowner/login', body, { session: 'none' })).data,
  // The code step of an account with a second factor (issue 36).
  loginSecondFactor: async (body: SecondFactorStep) =>
    (await api.post<LabUserSession>('/api/users/login/second_factor', body, { session: 'none' })).data,
  systemOwnerLoginSecondFactor: async (body: SecondFactorStep) =>
    (await api.post<SystemOwnerSession>('/api/users/systemowner/login/second_factor', body, { session: 'none' })).data,
  logout: async (session: SessionKind) => (await api.post<MessageAnswer>('/api/users/logout', null, { session })).data,
  allAccess: async () => (await api.get<{ allAccess: AccessEntry[] }>('/api/access/get_all_access')).data.allAccess,
};
