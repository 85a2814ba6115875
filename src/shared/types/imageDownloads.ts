// The photo download's calls (part 2 section 7) as the server answers them and the portal sends them:
// GET /api/data/{studyId}/{participantId}/download_img_resp starts a zip in the background;
// POST /api/data/get_img_resp_link answers its signed, expiring link once it is ready.

/** The button's states (part 2 section 4); the portal's alone, the server answers the middle three. */
export type ImageDownloadPhase = 'NotStart' | 'Started' | 'ReadyDownload' | 'NoResponse';

/** What the zip build said when it was started. */
export interface StreamZipResp {
  /** Started: a zip is being built; NoResponse: the participant has no photo answers in this study. */
  status: 'Started' | 'NoResponse';
  message: string;
  /** Photos going into the zip. */
  photoCount: number;
  /** The zip's file name; null with NoResponse. */
  fileName: string | null;
}

/** The answer of download_img_resp. */
export interface ImageDownloadAnswer {
  /** Names this build for its lab user; null with NoResponse (there is nothing to ask for). */
  s3ZipperToken: string | null;
  streamZipResp: StreamZipResp;
}

/** The body of get_img_resp_link: the start call's answer, sent back (the server reads the token). */
export interface ImageLinkBody {
  s3ZipperToken: string;
  streamZipResp?: StreamZipResp;
}

/** 202 while the zip is being built: ask again later. */
export interface ImageLinkPending {
  status: 'Started';
  message: string;
}

/** 200 once it is built. */
export interface ImageLinkReady {
  status: 'ReadyDownload';
  message: string;
  /** A signed address of the zip, valid until expiresAt (relative to the portal with local storage). */
  link: string;
  fileName: string;
  expiresAt: string;
  photoCount: number;
}

export type ImageLinkAnswer = ImageLinkPending | ImageLinkReady;
