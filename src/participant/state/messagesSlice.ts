// Messages from research teams: the list (kept on the phone, like the studies, for offline starts) with the
// unread count the frame's badge shows, and marking one read when the messages screen shows it.
import { createSlice } from '@reduxjs/toolkit';
import type { AppMessage, AppMessagesAnswer, MessageReadAnswer } from '../../shared/inbox';
import { initialRequests, trackRequest } from '../../ui/state/requestState';
import { appCall } from '../api/client';
import { createAppThunk } from './appThunk';
import { createReadThunk } from './readThunk';
import { sessionEnded, signOut } from './sessionSlice';

export const loadMessages = createReadThunk<AppMessagesAnswer>('messages/load', () => '/messages');
export const markMessageRead = createAppThunk('messages/read', (id: string) => appCall<MessageReadAnswer>('POST', `/messages/${encodeURIComponent(id)}/read`));

const CALLS = ['load', 'read'] as const;
export type MessagesCall = (typeof CALLS)[number];

export interface MessagesState {
  /** Newest first, as the server answers them. */
  list: AppMessage[];
  unread: number;
  /** When the list shown was last brought up to date, while it is the phone's copy (offline); else null. */
  keptAt: string | null;
  requests: ReturnType<typeof initialRequests<MessagesCall>>;
}

const initialState: MessagesState = { list: [], unread: 0, keptAt: null, requests: initialRequests(CALLS) };

const messagesSlice = createSlice({
  name: 'messages',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadMessages.fulfilled, (state, action) => {
        state.list = action.payload.data.messages;
        state.unread = action.payload.data.unread;
        state.keptAt = action.payload.keptAt;
      })
      .addCase(markMessageRead.fulfilled, (state, action) => {
        const read = action.payload.message;
        const i = state.list.findIndex((m) => m._id === read._id);
        if (i < 0) return;
        if (state.list[i].readAt === null && read.readAt !== null) state.unread = Math.max(0, state.unread - 1);
        state.list[i] = read;
      })
      // Another participant may sign in on this phone next: forget this one's messages.
      .addCase(sessionEnded, () => initialState)
      .addCase(signOut.fulfilled, () => initialState)
      .addCase(signOut.rejected, () => initialState);
    trackRequest(builder, loadMessages, 'load');
    trackRequest(builder, markMessageRead, 'read');
  },
});

export const messagesReducer = messagesSlice.reducer;
