// How the media pages name a file's type (sizes and the storage summary are in src/shared/byteSize.ts).
export const TYPE_LABELS = { image: 'Image', audio: 'Audio', video: 'Video' } as const;
