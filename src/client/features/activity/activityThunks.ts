import { createApiThunk } from '../../app/createApiThunk';
import { activityApi } from './activityApi';

export const fetchActivity = createApiThunk('activity/fetchActivity', activityApi.get);
export const fetchActivityAsOwner = createApiThunk('activity/fetchActivityAsOwner', activityApi.getAsOwner, { session: 'systemOwner' });
