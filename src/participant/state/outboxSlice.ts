// What the outbox (queue/outbox.ts, in IndexedDB) holds, as the screens show it: answers waiting to be sent or
// refused, and notices of answers saved on the phone or sent. The outbox itself is the truth; this slice is
// refreshed from it after every change (also those the service worker makes).
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { AnswerRefusal, TaskEvent } from '../../shared/types/participantApp';
import { initialRequests, trackRequest, type RequestFailure } from '../../ui/state/requestState';
import { toRequestFailure } from '../api/client';
import { eventsItem, flushOutbox, listItems, putItem, removeItem, tokenFrom, type FlushResult } from '../queue/outbox';
import type { QueuedAnswer, QueuedItem, OutboxState } from '../queue/outboxDb';
import { requestBackgroundSync } from '../serviceWorkerLink/backgroundSync';
import type { AppState } from './store';

/** An answer in the outbox, without its photos and session. */
export interface OutboxAnswer {
  id: string;
  studyId: string;
  taskId: string;
  questionnaireName: string;
  state: OutboxState;
  message: string | null;
}

export interface OutboxNotice {
  id: string;
  kind: 'queued' | 'sent';
  studyId: string;
  questionnaireName: string;
}

/** A refused answer shows at its question: the failure carries where. */
export type SubmitFailure = RequestFailure & Omit<AnswerRefusal, 'message'>;

interface Config {
  state: AppState;
}

function tokenFor(state: AppState): (item: QueuedItem) => string {
  const session = state.session.session;
  return tokenFrom(session ? { participantId: session.participant._id, token: session.token } : null);
}

function summary(item: QueuedAnswer): OutboxAnswer {
  return { id: item.id, studyId: item.studyId, taskId: item.taskId, questionnaireName: item.questionnaireName, state: item.state, message: item.message };
}

export const refreshOutbox = createAsyncThunk<OutboxAnswer[], void, Config & { rejectValue: RequestFailure }>('outbox/refresh', async (_arg, { rejectWithValue }) => {
  try {
    return (await listItems()).flatMap((item) => (item.kind === 'response' ? [summary(item)] : []));
  } catch (error) {
    return rejectWithValue(toRequestFailure(error));
  }
});

/** Sends what is due (all of it with force, e.g. when the network returns), then shows the outbox again. */
export const flushQueued = createAsyncThunk<FlushResult, { force?: boolean } | undefined, Config & { rejectValue: RequestFailure }>(
  'outbox/flush',
  async (arg, { getState, dispatch, rejectWithValue }) => {
    try {
      const result = await flushOutbox({ tokenOf: tokenFor(getState()), force: arg?.force });
      await dispatch(refreshOutbox());
      return result;
    } catch (error) {
      return rejectWithValue(toRequestFailure(error));
    }
  },
);

/**
 * Keeps the answer on the phone, then tries to send it at once. `sent`: the server has it. `queued`: no
 * network (or a server error): it stays and is sent later. A refusal rejects with where it is, and the answer
 * leaves the outbox: the participant corrects it on the page and sends again.
 */
export const submitAnswer = createAsyncThunk<'sent' | 'queued', QueuedAnswer, Config & { rejectValue: SubmitFailure }>(
  'outbox/submit',
  async (item, { getState, dispatch, rejectWithValue }) => {
    try {
      await putItem(item);
    } catch (error) {
      return rejectWithValue(toRequestFailure(error));
    }
    const result = await flushOutbox({ tokenOf: tokenFor(getState()), only: [item.id], force: true });
    const refused = result.refused.find((r) => r.id === item.id);
    if (refused) {
      await removeItem(item.id);
      await dispatch(refreshOutbox());
      return rejectWithValue({ status: 400, message: refused.message, question_pos: refused.question_pos, response_pos: refused.response_pos });
    }
    const sent = result.sent.some((s) => s.id === item.id);
    if (!sent) requestBackgroundSync();
    await dispatch(refreshOutbox());
    return sent ? 'sent' : 'queued';
  },
);

/** Reports task events (an EMA task opened) through the same outbox: offline they wait like answers. */
export const reportTaskEvents = createAsyncThunk<void, { studyId: string; participantId: string; token: string; events: TaskEvent[] }, Config>(
  'outbox/events',
  async (report, { getState }) => {
    const item = eventsItem(report);
    await putItem(item);
    const result = await flushOutbox({ tokenOf: tokenFor(getState()), only: [item.id], force: true });
    if (result.waiting > 0) requestBackgroundSync();
  },
);

/** The participant has read a refusal and lets the answer go. */
export const dismissAnswer = createAsyncThunk<string, string, Config>('outbox/dismiss', async (id) => {
  await removeItem(id);
  return id;
});

const CALLS = ['refresh', 'flush', 'submit'] as const;

export interface OutboxSliceState {
  answers: OutboxAnswer[];
  notices: OutboxNotice[];
  /** Tasks answered and sent while the app is open (a diary stays listed for its next day). */
  sentTaskIds: string[];
  requests: ReturnType<typeof initialRequests<(typeof CALLS)[number]>>;
}

const initialState: OutboxSliceState = { answers: [], notices: [], sentTaskIds: [], requests: initialRequests(CALLS) };

function notice(state: OutboxSliceState, next: OutboxNotice): void {
  state.notices = [...state.notices.filter((n) => n.id !== next.id), next];
}

const outboxSlice = createSlice({
  name: 'outbox',
  initialState,
  reducers: {
    noticesCleared(state) {
      state.notices = [];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(refreshOutbox.fulfilled, (state, action) => {
        const now = new Set(action.payload.map((a) => a.id));
        // An answer that was waiting and left the outbox was sent (a dismissed one is gone from the list already).
        for (const gone of state.answers.filter((a) => a.state === 'waiting' && !now.has(a.id))) {
          notice(state, { id: gone.id, kind: 'sent', studyId: gone.studyId, questionnaireName: gone.questionnaireName });
          if (!state.sentTaskIds.includes(gone.taskId)) state.sentTaskIds.push(gone.taskId);
        }
        state.answers = action.payload;
      })
      .addCase(submitAnswer.fulfilled, (state, action) => {
        const { id, studyId, questionnaireName, taskId } = action.meta.arg;
        notice(state, { id, kind: action.payload, studyId, questionnaireName });
        if (action.payload === 'sent' && !state.sentTaskIds.includes(taskId)) state.sentTaskIds.push(taskId);
      })
      .addCase(dismissAnswer.fulfilled, (state, action) => {
        state.answers = state.answers.filter((a) => a.id !== action.payload);
      });
    trackRequest(builder, refreshOutbox, 'refresh');
    trackRequest(builder, flushQueued, 'flush');
    trackRequest(builder, submitAnswer, 'submit');
  },
});

export const { noticesCleared } = outboxSlice.actions;
export const outboxReducer = outboxSlice.reducer;
