// A media response as the participant meets it: the image itself, an audio or video player with controls, or
// the YouTube video in YouTube's player (the no-cookie host the server's CSP allows as a frame).
import type { ResponseItem } from '../../shared/questionnaire/types';
import type { QuestionnaireFormTexts } from './texts';

/** How a browser app fetches an uploaded media file from its stored key (the portal and the app use different addresses). */
export type MediaUrl = (key: string) => string | null;

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The video id of a YouTube address (watch, youtu.be, embed or shorts), or null. */
export function youTubeId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const path = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = path[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = path[0] === 'watch' ? url.searchParams.get('v') : path[0] === 'embed' || path[0] === 'shorts' ? path[1] : null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export function MediaView({ response: r, mediaUrl, texts }: { response: ResponseItem; mediaUrl: MediaUrl; texts: QuestionnaireFormTexts }) {
  if (!r.media_url) return null;
  if (r.media_source === 'youTube') {
    const id = youTubeId(r.media_url);
    if (!id) {
      return (
        <a className="qf-link" href={r.media_url} target="_blank" rel="noreferrer">
          {texts.watchOnYouTube}
        </a>
      );
    }
    return (
      <div className="qf-video-frame">
        <iframe src={`https://www.youtube-nocookie.com/embed/${id}`} title={texts.video} loading="lazy" allowFullScreen />
      </div>
    );
  }
  const src = r.media_source === 'imageUrl' ? r.media_url : mediaUrl(r.media_url);
  if (!src) return <p className="qf-hint">{texts.mediaUnavailable}</p>;
  if (r.media_source === 'imageUrl' || r.media_type === 'image') return <img className="qf-image" src={src} alt={texts.image} />;
  if (r.media_type === 'audio') return <audio className="qf-audio" controls preload="metadata" src={src} aria-label={texts.audio} />;
  return <video className="qf-video" controls preload="metadata" playsInline src={src} aria-label={texts.video} />;
}
