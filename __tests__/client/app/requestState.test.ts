import { configureStore, createSlice } from '@reduxjs/toolkit';
import { createApiThunk } from '../../../src/client/app/createApiThunk';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../src/client/app/requestState';

type Key = 'load';
const load = createApiThunk('demo/load', async (outcome: 'ok' | 'fail') => {
  if (outcome === 'fail') throw new Error('It broke');
  return 42;
});

const demo = createSlice({
  name: 'demo',
  initialState: { value: 0, requests: initialRequests<Key>(['load']) } as { value: number; requests: Requests<Key> },
  reducers: { demoReset: resetRequest<Key>() },
  extraReducers: (builder) => {
    builder.addCase(load.fulfilled, (state, action) => {
      state.value = action.payload;
    });
    trackRequest(builder, load, 'load');
  },
});

const storeWithDemo = () =>
  configureStore({
    reducer: { demo: demo.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }),
  });

describe('request states', () => {
  it('start as reset', () => {
    expect(initialRequests(['a', 'b'] as const)).toEqual({
      a: { status: 'reset', message: null },
      b: { status: 'reset', message: null },
    });
  });

  it('go request -> success beside the slice’s own handling of the answer', async () => {
    const store = storeWithDemo();
    const pending = store.dispatch(load('ok'));
    expect(store.getState().demo.requests.load).toEqual({ status: 'request', message: null });
    await pending;
    expect(store.getState().demo.requests.load).toEqual({ status: 'success', message: null });
    expect(store.getState().demo.value).toBe(42);
  });

  it('go request -> fail with the rejection’s message, and back to reset on demand', async () => {
    const store = storeWithDemo();
    const result = await store.dispatch(load('fail'));
    expect(result.payload).toEqual({ status: null, message: 'It broke' });
    expect(store.getState().demo.requests.load).toEqual({ status: 'fail', message: 'It broke' });
    store.dispatch(demo.actions.demoReset('load'));
    expect(store.getState().demo.requests.load).toEqual({ status: 'reset', message: null });
  });
});

describe('createApiThunk', () => {
  it('rejects with {status, message} and tells whose session the call used', async () => {
    const thunk = createApiThunk('demo/owner', async () => Promise.reject(new Error('Nope')), {
      session: 'systemOwner',
      signOutOn401: false,
    });
    const store = storeWithDemo();
    const action = await store.dispatch(thunk());
    expect(thunk.rejected.match(action)).toBe(true);
    expect(action.meta).toMatchObject({ rejectedWithValue: true, session: 'systemOwner', signOutOn401: false });
  });

  it('marks calls as lab-user calls that sign out on a 401 unless told otherwise', async () => {
    const thunk = createApiThunk('demo/plain', async () => Promise.reject(new Error('Nope')));
    const action = await storeWithDemo().dispatch(thunk());
    expect(action.meta).toMatchObject({ session: 'labUser', signOutOn401: true });
  });
});
