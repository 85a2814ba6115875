// The lab and lab-user calls: the system owner's (part 1 section 7 "System owner, labs and users") and the
// lab manager's (docs/api.md "Sign-in and lab users").
import { api } from '../../api/client';
import type { AccessEntry } from '../../../shared/access';
import type {
  CreateLabBody,
  Lab,
  LabInfo,
  LabUser,
  LabUserWithAccess,
  LabWithUsers,
  MessageAnswer,
  RegisterByManagerBody,
  RegisterByOwnerBody,
  UpdateUserBody,
} from '../../../shared/types/identity';

const owner = { session: 'systemOwner' } as const;
const id = (value: string) => encodeURIComponent(value);

export interface CreateLabAnswer extends MessageAnswer {
  lab: Lab;
  manager: LabUser;
}

export interface RegisterByManagerAnswer extends MessageAnswer {
  user: LabUser;
}

export const labsApi = {
  labs: async () => (await api.get<{ labs: Lab[] }>('/api/labs', owner)).data.labs,
  lab: async (labId: string) => (await api.get<LabWithUsers>(`/api/labs/systemowner/${id(labId)}`, owner)).data,
  labInfo: async (labId: string) => (await api.get<LabInfo>(`/api/labs/labinfo/${id(labId)}`, owner)).data,
  createLab: async (body: CreateLabBody) =>
    (await api.post<CreateLabAnswer>('/api/labs/systemowner/createlab', body, owner)).data,
  registerByOwner: async ({ labId, body }: { labId: string; body: RegisterByOwnerBody }) =>
    (await api.post<LabUser>(`/api/users/systemOwner/register/${id(labId)}`, body, owner)).data,
  user: async (userId: string) =>
    (await api.get<LabUserWithAccess>(`/api/users/systemowner/users/${id(userId)}`, owner)).data,
  updateUser: async ({ userId, body }: { userId: string; body: UpdateUserBody }) =>
    (await api.put<LabUserWithAccess>(`/api/users/systemowner/users/${id(userId)}`, body, owner)).data,
  deleteUser: async (userId: string) =>
    (await api.delete<MessageAnswer>(`/api/users/systemowner/users/${id(userId)}`, owner)).data,
  members: async () => (await api.get<{ users: LabUser[] }>('/api/users/lm/getUsers')).data.users,
  registerByManager: async (body: RegisterByManagerBody) =>
    (await api.post<RegisterByManagerAnswer>('/api/users/lm/register', body)).data,
  member: async (userId: string) => (await api.get<LabUserWithAccess>(`/api/users/lm/users/${id(userId)}`)).data,
  updateMemberAccess: async ({ userId, access }: { userId: string; access: AccessEntry[] }) =>
    (await api.put<LabUserWithAccess>(`/api/users/lm/users/${id(userId)}/access`, { access })).data,
};
