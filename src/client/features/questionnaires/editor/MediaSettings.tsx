// A media response: its type, where it comes from, and its address, or an uploaded file chosen with the media
// picker (the stored object's key is kept: the file's own address is signed and expires).
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { MEDIA_TYPES } from '../../../../shared/media';
import { MEDIA_SOURCES, type MediaSource, type ResponseItem } from '../../../../shared/questionnaire/types';
import { MediaPicker, mediaNames, type MediaFile } from '../../media';
import { MEDIA_SOURCE_LABELS } from './labels';

interface MediaSettingsProps {
  idPrefix: string;
  response: ResponseItem;
  onChange: (changes: Partial<ResponseItem>) => void;
}

const MEDIA_TYPE_LABELS: Record<ResponseItem['media_type'], string> = { image: 'Image', audio: 'Audio', video: 'Video' };

/** The name a stored key ends with, for a file chosen before this page was opened. */
function nameOfKey(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

export function MediaSettings({ idPrefix, response, onChange }: MediaSettingsProps) {
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<MediaFile | null>(null);
  const chosen = picked && picked.file === response.media_url ? picked : null;

  const pick = (file: MediaFile) => {
    setPicked(file);
    setPicking(false);
    onChange({ media_url: file.file, media_type: file.type });
  };

  return (
    <div className="row g-2">
      <Form.Group className="col-sm-4" controlId={`${idPrefix}-media-type`}>
        <Form.Label className="small mb-1">Media type</Form.Label>
        <Form.Select size="sm" value={response.media_type} onChange={(e) => onChange({ media_type: e.target.value as ResponseItem['media_type'] })}>
          {MEDIA_TYPES.map((t) => (
            <option key={t} value={t}>
              {MEDIA_TYPE_LABELS[t]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="col-sm-4" controlId={`${idPrefix}-media-source`}>
        <Form.Label className="small mb-1">Media source</Form.Label>
        <Form.Select
          size="sm"
          value={response.media_source}
          // An address of one source means nothing to another.
          onChange={(e) => onChange({ media_source: e.target.value as MediaSource, media_url: '' })}
        >
          {MEDIA_SOURCES.map((s) => (
            <option key={s} value={s}>
              {MEDIA_SOURCE_LABELS[s]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {response.media_source === 'uploaded' ? (
        <div className="col-12">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Button size="sm" variant="outline-secondary" onClick={() => setPicking(true)}>
              {mediaNames.choose}
            </Button>
            <span className="small text-break" data-testid="chosen-media">
              {chosen ? chosen.name : response.media_url ? nameOfKey(response.media_url) : 'No file chosen'}
            </span>
          </div>
          {chosen?.type === 'image' && <img src={chosen.url} alt={chosen.name} className="mt-2 rounded" style={{ maxHeight: 96 }} />}
          {picking && <MediaPicker show onHide={() => setPicking(false)} onPick={pick} type={response.media_type} />}
        </div>
      ) : (
        <Form.Group className="col-12" controlId={`${idPrefix}-media-url`}>
          <Form.Label className="small mb-1">{response.media_source === 'youTube' ? 'YouTube URL' : 'Image URL'}</Form.Label>
          <Form.Control size="sm" type="url" value={response.media_url} onChange={(e) => onChange({ media_url: e.target.value })} />
        </Form.Group>
      )}
    </div>
  );
}
