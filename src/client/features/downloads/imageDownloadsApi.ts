// The photo download's two calls (part 2 section 7): start the zip, then ask for its link.
import { api } from '../../api/client';
import type { ImageDownloadAnswer, ImageLinkAnswer } from '../../../shared/types/imageDownloads';

const id = (value: string) => encodeURIComponent(value);

export interface ImageDownloadOf {
  studyId: string;
  participantId: string;
}

/** The key of one participant's download: a participant may be in several studies. */
export function imageDownloadKey({ studyId, participantId }: ImageDownloadOf): string {
  return `${studyId}/${participantId}`;
}

export const imageDownloadsApi = {
  start: async ({ studyId, participantId }: ImageDownloadOf) =>
    (await api.get<ImageDownloadAnswer>(`/api/data/${id(studyId)}/${id(participantId)}/download_img_resp`)).data,
  /** 202 (still building) and 200 (ready) both answer an ImageLinkAnswer, told apart by its status. */
  link: async ({ answer }: ImageDownloadOf & { answer: ImageDownloadAnswer & { s3ZipperToken: string } }) =>
    (await api.post<ImageLinkAnswer>('/api/data/get_img_resp_link', answer)).data,
};
