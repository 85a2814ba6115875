// The photo (image data) download of the Participant List (part 2 sections 2.5, 4 and 7; PARTICIPANTS.md
// "Data out"): its texts, the button's labels and the limits of the background zip build, once for the portal
// and the server.
import type { ImageDownloadPhase } from './types/imageDownloads';

export const imageDownloadMessages = {
  /** The NoResponse state's text (part 2 section 4). */
  noImage: 'No image is found',
  started: 'The image file is being prepared',
  ready: 'The image file is ready',
  notFound: 'This image download was not found or has expired. Please download the image data again.',
  failed: 'The image file could not be prepared. Please try again.',
  tooMany: 'Other image downloads are still being prepared. Please wait until one of them is ready.',
} as const;

/** The button's label in each state of the download flow (part 2 section 4). */
export const IMAGE_DOWNLOAD_LABELS: Record<ImageDownloadPhase, string> = {
  NotStart: 'Download Image Data',
  Started: 'Downloading...',
  ReadyDownload: 'Click To Save File',
  NoResponse: imageDownloadMessages.noImage,
};

/** How often the portal asks whether the zip is ready. */
export const IMAGE_LINK_POLL_MS = 2000;

/** Zips one lab user may have in the making at once; more answer 429 until one is done. */
export const IMAGE_BUILDS_PER_USER = 3;

/**
 * A build whose process has not reported for this long has stopped (the server restarted mid-way): the link
 * call then answers that it failed rather than leaving the portal waiting.
 */
export const IMAGE_BUILD_STALL_MS = 2 * 60_000;
