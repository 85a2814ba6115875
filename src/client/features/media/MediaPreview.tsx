// The preview of Update Filename (part 1 section 2): a video player for video, a player for audio, otherwise
// the image, all from the file's signed address.
import type { MediaFile } from '../../../shared/types/media';

export function MediaPreview({ file }: { file: MediaFile }) {
  if (file.type === 'video') {
    return (
      <video controls src={file.url} className="media-preview w-100" aria-label={`Preview of ${file.name}`} preload="metadata">
        Your browser cannot play this video.
      </video>
    );
  }
  if (file.type === 'audio') {
    return (
      <audio controls src={file.url} className="w-100" aria-label={`Preview of ${file.name}`} preload="metadata">
        Your browser cannot play this audio.
      </audio>
    );
  }
  return <img src={file.url} alt={file.name} className="media-preview img-fluid rounded border" />;
}
