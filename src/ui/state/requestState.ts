// The four request states of the design card, written once for both browser apps (the portal and the
// participant app). Every slice keeps a `requests` record keyed by call name and lets trackRequest keep it in
// step with the call's thunk. A thunk rejects with a RequestFailure (or a type that extends it).
import type { ActionReducerMapBuilder, Draft, PayloadAction } from '@reduxjs/toolkit';

export type RequestStatus = 'request' | 'success' | 'fail' | 'reset';

export interface RequestState {
  status: RequestStatus;
  /** The server's (or network's) message when the call failed. */
  message: string | null;
}

/** What a failed call rejects with: the HTTP status (null when no answer arrived) and the message to show. */
export interface RequestFailure {
  status: number | null;
  message: string;
}

interface ActionOf<Arg> {
  meta: { arg: Arg };
}

/**
 * What the helpers need of a thunk (createAsyncThunk's, whatever its configuration, as long as it rejects with
 * a RequestFailure): its three action matchers.
 */
export interface TrackedThunk<Arg> {
  pending: { match(action: unknown): action is ActionOf<Arg> };
  fulfilled: { match(action: unknown): action is ActionOf<Arg> };
  rejected: { match(action: unknown): action is ActionOf<Arg> & { payload?: RequestFailure; error: { message?: string } } };
}

export const resetState: RequestState = { status: 'reset', message: null };

export type Requests<K extends string> = Record<K, RequestState>;

interface WithRequests<K extends string> {
  requests: Requests<K>;
}

export function initialRequests<K extends string>(keys: readonly K[]): Requests<K> {
  return Object.fromEntries(keys.map((key) => [key, { ...resetState }])) as Requests<K>;
}

function setRequest<K extends string>(state: WithRequests<K>, key: K, value: RequestState): void {
  state.requests[key] = value;
}

function failureMessage(payload: RequestFailure | undefined, error: { message?: string }): string | null {
  return payload?.message ?? error.message ?? null;
}

/**
 * Adds pending -> request, fulfilled -> success, rejected -> fail for one thunk. It uses matchers, so call it
 * after the slice's own addCase calls for the same thunk (Redux Toolkit wants cases before matchers).
 */
export function trackRequest<S extends WithRequests<K>, K extends string, Arg>(
  builder: ActionReducerMapBuilder<S>,
  thunk: TrackedThunk<Arg>,
  key: K,
): void {
  // Draft<S> keeps the shape of S; the helper only writes its `requests` record.
  const own = (state: Draft<S>) => state as unknown as WithRequests<K>;
  builder
    .addMatcher(thunk.pending.match, (state) => setRequest(own(state), key, { status: 'request', message: null }))
    .addMatcher(thunk.fulfilled.match, (state) => setRequest(own(state), key, { status: 'success', message: null }))
    .addMatcher(thunk.rejected.match, (state, action) => {
      setRequest(own(state), key, { status: 'fail', message: failureMessage(action.payload, action.error) });
    });
}

/** A case reducer that puts one request back to `reset` (e.g. when a form page is left). */
export function resetRequest<K extends string>() {
  return (state: WithRequests<K>, action: PayloadAction<K>) => {
    setRequest(state, action.payload, { ...resetState });
  };
}

/** One request state per item under each call name (e.g. each participant's image download). */
export type ItemRequests<K extends string> = Record<K, Record<string, RequestState>>;

interface WithItemRequests<K extends string> {
  itemRequests: ItemRequests<K>;
}

export function initialItemRequests<K extends string>(keys: readonly K[]): ItemRequests<K> {
  return Object.fromEntries(keys.map((key) => [key, {}])) as ItemRequests<K>;
}

/** An item's state of a call; `reset` for an item that has made none. */
export function itemRequest<K extends string>(requests: ItemRequests<K>, key: K, item: string): RequestState {
  return requests[key][item] ?? resetState;
}

/** trackRequest for calls made per item: `itemOf` names the item from the thunk's argument. */
export function trackItemRequest<S extends WithItemRequests<K>, K extends string, Arg>(
  builder: ActionReducerMapBuilder<S>,
  thunk: TrackedThunk<Arg>,
  key: K,
  itemOf: (arg: Arg) => string,
): void {
  const set = (state: Draft<S>, arg: Arg, value: RequestState) => {
    const calls: Record<string, RequestState> = (state as unknown as WithItemRequests<K>).itemRequests[key];
    calls[itemOf(arg)] = value;
  };
  builder
    .addMatcher(thunk.pending.match, (state, action) => set(state, action.meta.arg, { status: 'request', message: null }))
    .addMatcher(thunk.fulfilled.match, (state, action) => set(state, action.meta.arg, { status: 'success', message: null }))
    .addMatcher(thunk.rejected.match, (state, action) => {
      set(state, action.meta.arg, { status: 'fail', message: failureMessage(action.payload, action.error) });
    });
}

/** Forgets an item's request states (its entry goes back to `reset`). */
export function forgetItemRequests<K extends string>(state: WithItemRequests<K>, item: string): void {
  for (const calls of Object.values<Record<string, RequestState>>(state.itemRequests)) delete calls[item];
}
