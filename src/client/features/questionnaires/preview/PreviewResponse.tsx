// One response in the preview, as the participant would answer it. Text is kept as typed and a multiple
// choice as the values of the chosen choices: the forms the visibility rule reads.
import Form from 'react-bootstrap/Form';
import type { MultipleChoiceSet, ResponseItem } from '../../../../shared/questionnaire/types';

interface PreviewResponseProps {
  id: string;
  /** The accessible name of the answer's input. */
  label: string;
  response: ResponseItem;
  sets: readonly MultipleChoiceSet[];
  value: string | string[] | undefined;
  onAnswer: (value: string | string[]) => void;
}

function MediaView({ response: r }: { response: ResponseItem }) {
  if (!r.media_url) return null;
  if (r.media_source === 'imageUrl') return <img src={r.media_url} alt="" className="img-fluid rounded" />;
  if (r.media_source === 'youTube') {
    return (
      <a href={r.media_url} target="_blank" rel="noreferrer">
        Watch on YouTube
      </a>
    );
  }
  return <p className="small text-body-secondary">Uploaded {r.media_type}: {r.media_url.slice(r.media_url.lastIndexOf('/') + 1)}</p>;
}

export function PreviewResponse({ id, label, response: r, sets, value, onAnswer }: PreviewResponseProps) {
  const text = typeof value === 'string' ? value : '';
  const selected = Array.isArray(value) ? value : [];
  switch (r.type) {
    case 'instruction':
      return null;
    case 'media':
      return <MediaView response={r} />;
    case 'text':
      return (
        <div className="d-flex align-items-center gap-2 my-2">
          {r.pre_label && <span>{r.pre_label}</span>}
          <Form.Control
            aria-label={label}
            inputMode={r.number_only ? 'decimal' : undefined}
            value={text}
            onChange={(e) => onAnswer(e.target.value)}
            style={{ maxWidth: '20rem' }}
          />
          {r.post_label && <span>{r.post_label}</span>}
        </div>
      );
    case 'textarea':
      return <Form.Control as="textarea" rows={3} className="my-2" aria-label={label} value={text} onChange={(e) => onAnswer(e.target.value)} />;
    case 'mc': {
      const set = sets.find((s) => s._id === r.choices);
      const choices = set ? [...set.choices].sort((a, b) => a.position - b.position) : [];
      return (
        <fieldset className="my-2">
          <legend className="visually-hidden">{label}</legend>
          {choices.map((c, i) => (
            <Form.Check
              key={`${i}-${c.value}`}
              id={`${id}-${i}`}
              type={r.multiple ? 'checkbox' : 'radio'}
              name={id}
              label={c.name}
              checked={selected.includes(c.value)}
              onChange={(e) =>
                onAnswer(r.multiple ? (e.target.checked ? [...selected, c.value] : selected.filter((v) => v !== c.value)) : [c.value])
              }
            />
          ))}
        </fieldset>
      );
    }
    case 'time':
      return (
        <div className="my-2">
          {r.instruction_msg && <p className="small mb-1">{r.instruction_msg}</p>}
          <Form.Control
            type={r.picker_format === 'DD MM YYYY' ? 'date' : 'time'}
            aria-label={label}
            value={text}
            onChange={(e) => onAnswer(e.target.value)}
            style={{ maxWidth: '14rem' }}
          />
        </div>
      );
    case 'duration':
      return (
        <div className="d-flex gap-2 my-2" role="group" aria-label={label}>
          {(['day', 'hour', 'minute'] as const)
            .filter((unit) => r[unit])
            .map((unit) => (
              <Form.Control key={unit} type="number" min={0} aria-label={`${unit}s`} placeholder={`${unit}s`} style={{ maxWidth: '7rem' }} />
            ))}
        </div>
      );
    case 'slider':
      return (
        <div className="d-flex align-items-center gap-2 my-2">
          <span>{r.min_label || r.min}</span>
          <Form.Range min={r.min} max={r.max} aria-label={label} value={text || String(r.min)} onChange={(e) => onAnswer(e.target.value)} />
          <span>{r.max_label || r.max}</span>
        </div>
      );
    case 'photoUpload':
      return <Form.Control type="file" accept="image/*" className="my-2" aria-label={label} />;
  }
}
