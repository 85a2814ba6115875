// Labs and their users, as the system owner sees them, and the lab manager's own lab members.
import { createSlice } from '@reduxjs/toolkit';
import type { Lab, LabInfo, LabUser, LabUserWithAccess, LabWithUsers } from '../../../shared/types/identity';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../ui/state/requestState';
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

const requestKeys = [
  'labs',
  'lab',
  'labInfo',
  'createLab',
  'registerUser',
  'user',
  'updateUser',
  'deleteUser',
  'members',
  'registerMember',
  'member',
  'updateMemberAccess',
] as const;
export type LabsRequest = (typeof requestKeys)[number];

export interface LabsState {
  labs: Lab[];
  /** The lab open on the system owner's lab page, with its users. */
  lab: LabWithUsers | null;
  labInfo: LabInfo | null;
  /** The user open on the system owner's Edit User page. */
  user: LabUserWithAccess | null;
  /** The lab manager's Lab Users list. */
  members: LabUser[];
  /** The member whose permissions the lab manager is editing. */
  member: LabUserWithAccess | null;
  requests: Requests<LabsRequest>;
}

const initialState: LabsState = {
  labs: [],
  lab: null,
  labInfo: null,
  user: null,
  members: [],
  member: null,
  requests: initialRequests(requestKeys),
};

const labsSlice = createSlice({
  name: 'labs',
  initialState,
  reducers: {
    labsRequestReset: resetRequest<LabsRequest>(),
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchLabs.fulfilled, (state, action) => {
        state.labs = action.payload;
      })
      .addCase(fetchLab.pending, (state, action) => {
        if (state.lab?.lab._id !== action.meta.arg) state.lab = null;
      })
      .addCase(fetchLab.fulfilled, (state, action) => {
        state.lab = action.payload;
      })
      .addCase(fetchLabInfo.pending, (state, action) => {
        if (state.labInfo?._id !== action.meta.arg) state.labInfo = null;
      })
      .addCase(fetchLabInfo.fulfilled, (state, action) => {
        state.labInfo = action.payload;
      })
      .addCase(createLab.fulfilled, (state, action) => {
        state.labs.unshift(action.payload.lab);
      })
      .addCase(fetchUser.pending, (state) => {
        state.user = null;
      })
      .addCase(fetchUser.fulfilled, (state, action) => {
        state.user = action.payload;
      })
      .addCase(updateUser.fulfilled, (state, action) => {
        state.user = action.payload;
      })
      .addCase(deleteUser.fulfilled, (state, action) => {
        if (state.lab) state.lab.users = state.lab.users.filter((u) => u._id !== action.meta.arg);
      })
      .addCase(fetchMembers.fulfilled, (state, action) => {
        state.members = action.payload;
      })
      .addCase(registerMember.fulfilled, (state, action) => {
        state.members.unshift(action.payload.user);
      })
      .addCase(fetchMember.pending, (state) => {
        state.member = null;
      })
      .addCase(fetchMember.fulfilled, (state, action) => {
        state.member = action.payload;
      })
      .addCase(updateMemberAccess.fulfilled, (state, action) => {
        state.member = action.payload;
      });
    trackRequest(builder, fetchLabs, 'labs');
    trackRequest(builder, fetchLab, 'lab');
    trackRequest(builder, fetchLabInfo, 'labInfo');
    trackRequest(builder, createLab, 'createLab');
    trackRequest(builder, registerUser, 'registerUser');
    trackRequest(builder, fetchUser, 'user');
    trackRequest(builder, updateUser, 'updateUser');
    trackRequest(builder, deleteUser, 'deleteUser');
    trackRequest(builder, fetchMembers, 'members');
    trackRequest(builder, registerMember, 'registerMember');
    trackRequest(builder, fetchMember, 'member');
    trackRequest(builder, updateMemberAccess, 'updateMemberAccess');
  },
  selectors: {
    selectLabs: (state) => state.labs,
    selectLab: (state) => state.lab,
    selectLabInfo: (state) => state.labInfo,
    selectUser: (state) => state.user,
    selectMembers: (state) => state.members,
    selectMember: (state) => state.member,
    selectLabsRequests: (state) => state.requests,
  },
});

export const { labsRequestReset } = labsSlice.actions;
export const { selectLabs, selectLab, selectLabInfo, selectUser, selectMembers, selectMember, selectLabsRequests } =
  labsSlice.selectors;
export const labsReducer = labsSlice.reducer;
