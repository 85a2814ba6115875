import { createApiThunk } from '../../../app/createApiThunk';
import { pilotWarningsApi } from './pilotWarningsApi';

// The warnings show their own failure in place, beside the pilot, rather than in the page's red alert.
export const fetchPilotWarnings = createApiThunk('pilotWarnings/fetch', pilotWarningsApi.get, { showsOwnFailure: true });
