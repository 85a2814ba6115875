// Media files as the server answers them, for the media slice and page tests.
import type { MediaFile } from '../../../../src/shared/types/media';

export function mediaFile(overrides: Partial<MediaFile> = {}): MediaFile {
  return {
    _id: 'f1',
    name: 'Forest picture',
    type: 'image',
    file: 'lab1/images/1700000000000-abcd.png',
    url: 'http://localhost/api/files/object/lab1/images/1700000000000-abcd.png?expires=1&signature=s',
    size: 2048,
    lab: 'lab1',
    createdAt: '2024-04-02T09:30:00.000Z',
    ...overrides,
  };
}

export const image = mediaFile();
export const video = mediaFile({ _id: 'f2', name: 'Breathing video', type: 'video', file: 'lab1/videos/1-a.mp4', url: 'http://localhost/v.mp4' });
export const audio = mediaFile({ _id: 'f3', name: 'Calm sound', type: 'audio', file: 'lab1/audios/1-a.mp3', url: 'http://localhost/a.mp3' });

/** A File of the given size without allocating it (jsdom's File reports the size of its parts). */
export function fileOf(name: string, size: number, type = ''): File {
  return new File([new Uint8Array(size)], name, { type });
}
