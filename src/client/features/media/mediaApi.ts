// The media file calls (part 1 section 7 "Media files", part 2 section 7 for the picker's search) and the
// lab-info call behind the storage bar. All go through the portal's axios instance with the lab user's token.
import { api } from '../../api/client';
import { MAX_MEDIA_KEYS, type MediaType } from '../../../shared/media';
import type { LabInfo, MessageAnswer } from '../../../shared/types/identity';
import type { CreateFileBody, MediaByKeysBody, MediaFile, MediaListAnswer, UploadUrlAnswer, UploadUrlBody } from '../../../shared/types/media';

const id = (value: string) => encodeURIComponent(value);

/** genLabS3URL also names the content type the upload must be sent with. */
export interface UploadGrant extends UploadUrlAnswer {
  contentType: string;
}

export interface PickerSearch {
  keyword: string;
  /** '' lists every type. */
  type: MediaType | '';
}

export const mediaApi = {
  list: async (pageNumber: number) => (await api.get<MediaListAnswer>(`/api/files/userFiles?pageNumber=${pageNumber}`)).data,
  get: async (fileId: string) => (await api.get<MediaFile>(`/api/files/mediafile/${id(fileId)}`)).data,
  rename: async ({ fileId, name }: { fileId: string; name: string }) =>
    (await api.put<MediaFile>(`/api/files/mediafile/${id(fileId)}`, { name })).data,
  remove: async (fileId: string) => (await api.delete<MessageAnswer>(`/api/files/mediafile/${id(fileId)}`)).data,
  labInfo: async (labId: string) => (await api.get<LabInfo>(`/api/labs/labinfo/${id(labId)}`)).data,
  uploadUrl: async (body: UploadUrlBody) => (await api.post<UploadGrant>('/api/files/genLabS3URL', body)).data,
  createFile: async (body: CreateFileBody) => (await api.post<MediaFile>('/api/files/createfiles', body)).data,
  search: async ({ keyword, type }: PickerSearch) =>
    (await api.get<{ files: MediaFile[] }>(`/api/files/targetfiles?keyword=${id(keyword)}&type=${type}`)).data.files,
};

export interface PickerAnswer {
  files: MediaFile[];
  /** Whether the lab has any file at all, whatever the search: an empty lab is told to upload files first. */
  labHasFiles: boolean;
}

/**
 * The picker's search. A filtered search that finds nothing also asks for the first page of the lab's files
 * (at most one page, the smallest answer that tells), since the picker often opens filtered by type.
 */
export async function pickerSearch(search: PickerSearch): Promise<PickerAnswer> {
  const files = await mediaApi.search(search);
  const filtered = search.keyword !== '' || search.type !== '';
  const labHasFiles = files.length > 0 || (filtered && (await mediaApi.list(1)).files.length > 0);
  return { files, labHasFiles };
}

/** Signed addresses of the lab's files with the given stored keys, by key (the preview shows a media item's file from its key). */
export async function mediaAddresses(keys: readonly string[]): Promise<Record<string, string>> {
  if (keys.length === 0) return {};
  const { files } = (await api.post<{ files: MediaFile[] }>('/api/files/byKeys', { keys: keys.slice(0, MAX_MEDIA_KEYS) } satisfies MediaByKeysBody)).data;
  return Object.fromEntries(files.map((f) => [f.file, f.url]));
}
