import { createApiThunk } from '../../../app/createApiThunk';
import { progressApi } from './progressApi';

export const fetchStudyProgress = createApiThunk('progress/fetchStudyProgress', progressApi.get);
