// The Download Image Data button of each Participant List row (part 2 section 4): NotStart, then Started
// ('Downloading...'), then ReadyDownload ('Click To Save File') or NoResponse ('No image is found'); back to
// NotStart after saving or on error. One entry and one request state per participant (of a study), so a
// download goes on while the researcher starts another or leaves the page and comes back.
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../app/store';
import type { ImageDownloadAnswer, ImageDownloadPhase, ImageLinkReady } from '../../../shared/types/imageDownloads';
import { forgetItemRequests, initialItemRequests, trackItemRequest, type ItemRequests } from '../../../ui/state/requestState';
import { imageDownloadKey, imageDownloadsApi } from './imageDownloadsApi';
import { createApiThunk } from '../../app/createApiThunk';

export const startImageDownload = createApiThunk('imageDownloads/start', imageDownloadsApi.start);
/** Polled while the zip is built: a background call. */
export const fetchImageLink = createApiThunk('imageDownloads/fetchLink', imageDownloadsApi.link, { background: true });

const requestKeys = ['start', 'link'] as const;
export type ImageDownloadRequest = (typeof requestKeys)[number];

export interface ImageDownload {
  phase: ImageDownloadPhase;
  /** The start call's answer, sent back when asking for the link. */
  started: (ImageDownloadAnswer & { s3ZipperToken: string }) | null;
  ready: ImageLinkReady | null;
}

export interface ImageDownloadsState {
  /** By imageDownloadKey; a participant without an entry is NotStart. */
  downloads: Record<string, ImageDownload>;
  itemRequests: ItemRequests<ImageDownloadRequest>;
}

export const notStarted: ImageDownload = { phase: 'NotStart', started: null, ready: null };

export const initialImageDownloadsState: ImageDownloadsState = { downloads: {}, itemRequests: initialItemRequests(requestKeys) };

function back(state: ImageDownloadsState, key: string): void {
  delete state.downloads[key];
}

const imageDownloadsSlice = createSlice({
  name: 'imageDownloads',
  initialState: initialImageDownloadsState,
  reducers: {
    /** The file was handed to the browser to save. */
    imageDownloadSaved: (state, action: PayloadAction<string>) => {
      back(state, action.payload);
      forgetItemRequests(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(startImageDownload.pending, (state, action) => {
        state.downloads[imageDownloadKey(action.meta.arg)] = { phase: 'Started', started: null, ready: null };
      })
      .addCase(startImageDownload.fulfilled, (state, action) => {
        const key = imageDownloadKey(action.meta.arg);
        const { s3ZipperToken, streamZipResp } = action.payload;
        state.downloads[key] =
          streamZipResp.status === 'NoResponse' || s3ZipperToken === null
            ? { phase: 'NoResponse', started: null, ready: null }
            : { phase: 'Started', started: { s3ZipperToken, streamZipResp }, ready: null };
      })
      .addCase(startImageDownload.rejected, (state, action) => back(state, imageDownloadKey(action.meta.arg)))
      .addCase(fetchImageLink.fulfilled, (state, action) => {
        const key = imageDownloadKey(action.meta.arg);
        const entry = state.downloads[key];
        // An answer for a download that was saved or failed meanwhile changes nothing.
        if (action.payload.status !== 'ReadyDownload' || entry?.started?.s3ZipperToken !== action.meta.arg.answer.s3ZipperToken) return;
        state.downloads[key] = { ...entry, phase: 'ReadyDownload', ready: action.payload };
      })
      .addCase(fetchImageLink.rejected, (state, action) => back(state, imageDownloadKey(action.meta.arg)));
    trackItemRequest(builder, startImageDownload, 'start', imageDownloadKey);
    trackItemRequest(builder, fetchImageLink, 'link', imageDownloadKey);
  },
  selectors: {
    selectImageDownloads: (state) => state.downloads,
    selectImageDownloadRequests: (state) => state.itemRequests,
  },
});

export const { imageDownloadSaved } = imageDownloadsSlice.actions;
// Injected when this module loads, which only the Participant List does (app/store.ts LazyLoadedSlices).
const injected = imageDownloadsSlice.injectInto(slices);

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof imageDownloadsSlice> {}
}

export const { selectImageDownloads, selectImageDownloadRequests } = injected.selectors;
export const imageDownloadsReducer = imageDownloadsSlice.reducer;
