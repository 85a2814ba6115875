import { createApiThunk } from '../../../app/createApiThunk';
import { pilotApi } from './pilotApi';

// The dialog and the clock panel show their failures in place (the clock's "cannot go back" beside its controls).
export const fetchPilotStudy = createApiThunk('pilot/fetchStudy', pilotApi.study, { showsOwnFailure: true });
export const createPilot = createApiThunk('pilot/create', pilotApi.create, { showsOwnFailure: true });
export const fetchPilot = createApiThunk('pilot/fetch', pilotApi.get);
export const movePilotClock = createApiThunk('pilot/moveClock', pilotApi.moveClock, { showsOwnFailure: true });
export const resetPilot = createApiThunk('pilot/reset', pilotApi.reset);
