import { createApiThunk } from '../../app/createApiThunk';
import { labsApi } from './labsApi';

const owner = { session: 'systemOwner' } as const;

export const fetchLabs = createApiThunk('labs/fetchLabs', labsApi.labs, owner);
export const fetchLab = createApiThunk('labs/fetchLab', labsApi.lab, owner);
export const fetchLabInfo = createApiThunk('labs/fetchLabInfo', labsApi.labInfo, owner);
// Lab registration is exempt from the 401 sign-out (part 1 section 8): its failure shows in the red alert.
export const createLab = createApiThunk('labs/createLab', labsApi.createLab, { ...owner, signOutOn401: false });
export const registerUser = createApiThunk('labs/registerUser', labsApi.registerByOwner, owner);
export const fetchUser = createApiThunk('labs/fetchUser', labsApi.user, owner);
export const updateUser = createApiThunk('labs/updateUser', labsApi.updateUser, owner);
export const deleteUser = createApiThunk('labs/deleteUser', labsApi.deleteUser, owner);

export const fetchMembers = createApiThunk('labs/fetchMembers', labsApi.members);
export const registerMember = createApiThunk('labs/registerMember', labsApi.registerByManager);
export const fetchMember = createApiThunk('labs/fetchMember', labsApi.member);
export const updateMemberAccess = createApiThunk('labs/updateMemberAccess', labsApi.updateMemberAccess);
