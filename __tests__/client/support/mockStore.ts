// redux-mock-store with the thunk middleware, to assert the actions a thunk dispatches (STACK.md: only for that).
import configureMockStore from 'redux-mock-store';
import { thunk, type ThunkDispatch } from 'redux-thunk';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../../src/client/app/store';

export const mockStore = configureMockStore<Partial<RootState>, ThunkDispatch<Partial<RootState>, unknown, UnknownAction>>([thunk]);

export function actionTypes(store: ReturnType<typeof mockStore>): string[] {
  return store.getActions().map((action: UnknownAction) => action.type);
}
