import { createApiThunk } from '../../app/createApiThunk';
import { imageDownloadsApi } from './imageDownloadsApi';

export const startImageDownload = createApiThunk('imageDownloads/start', imageDownloadsApi.start);
/** Polled while the zip is built: a background call. */
export const fetchImageLink = createApiThunk('imageDownloads/fetchLink', imageDownloadsApi.link, { background: true });
