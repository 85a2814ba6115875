import { configureStore, createSlice, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { createApiThunk, isBackgroundCall } from '../../../src/client/app/createApiThunk';
import {
  forgetItemRequests,
  initialItemRequests,
  initialRequests,
  itemRequest,
  resetRequest,
  trackItemRequest,
  trackRequest,
  type ItemRequests,
  type Requests,
} from '../../../src/ui/state/requestState';

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

describe('request states per item', () => {
  const fetchItem = createApiThunk('items/fetch', async ({ outcome }: { id: string; outcome: 'ok' | 'fail' }) => {
    if (outcome === 'fail') throw new Error('Item broke');
    return 1;
  });
  const items = createSlice({
    name: 'items',
    initialState: { itemRequests: initialItemRequests(['fetch'] as const) } as { itemRequests: ItemRequests<'fetch'> },
    reducers: { itemForgotten: (state, action: { payload: string }) => forgetItemRequests(state, action.payload) },
    extraReducers: (builder) => trackItemRequest(builder, fetchItem, 'fetch', (arg) => arg.id),
  });
  const storeWithItems = () => configureStore({ reducer: { items: items.reducer } });

  it('keep one state per item: reset until called, then request -> success or fail, each on its own', async () => {
    const store = storeWithItems();
    const requests = () => store.getState().items.itemRequests;
    expect(itemRequest(requests(), 'fetch', 'a')).toEqual({ status: 'reset', message: null });
    const a = store.dispatch(fetchItem({ id: 'a', outcome: 'ok' }));
    expect(itemRequest(requests(), 'fetch', 'a').status).toBe('request');
    expect(itemRequest(requests(), 'fetch', 'b').status).toBe('reset');
    await a;
    await store.dispatch(fetchItem({ id: 'b', outcome: 'fail' }));
    expect(itemRequest(requests(), 'fetch', 'a')).toEqual({ status: 'success', message: null });
    expect(itemRequest(requests(), 'fetch', 'b')).toEqual({ status: 'fail', message: 'Item broke' });
    store.dispatch(items.actions.itemForgotten('b'));
    expect(itemRequest(requests(), 'fetch', 'b')).toEqual({ status: 'reset', message: null });
    expect(itemRequest(requests(), 'fetch', 'a').status).toBe('success');
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

  it('marks a background call’s pending action, and no other', async () => {
    const background = createApiThunk('demo/poll', async () => 1, { background: true });
    const seen: UnknownAction[] = [];
    const record: Middleware = () => (next) => (action) => {
      seen.push(action as UnknownAction);
      return next(action);
    };
    const store = configureStore({ reducer: { demo: demo.reducer }, middleware: (getDefault) => getDefault().concat(record) });
    await store.dispatch(background());
    await store.dispatch(load('ok'));
    const pendings = seen.filter((a) => a.type.endsWith('/pending')) as Array<UnknownAction & { meta: object }>;
    expect(pendings.map((a) => [a.type, isBackgroundCall(a.meta)])).toEqual([
      ['demo/poll/pending', true],
      ['demo/load/pending', false],
    ]);
  });

  it('marks calls as lab-user calls that sign out on a 401 unless told otherwise', async () => {
    const thunk = createApiThunk('demo/plain', async () => Promise.reject(new Error('Nope')));
    const action = await storeWithDemo().dispatch(thunk());
    expect(action.meta).toMatchObject({ session: 'labUser', signOutOn401: true });
  });
});
