// A photo response: the phone offers its camera or gallery; the chosen picture is shown at once from the
// phone, while onPhotoChosen stores it (the app uploads it through the signed upload; the portal's preview
// keeps it local) and gives the key the answer holds.
import { useEffect, useState } from 'react';
import { ariaOf, type InputProps } from './inputProps';

export type PhotoChosen = (file: File) => Promise<string>;

export function PhotoInput(props: InputProps & { onPhotoChosen: PhotoChosen }) {
  const { id, value, onAnswer, texts, onPhotoChosen } = props;
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    setState({ busy: true, error: null });
    try {
      onAnswer(await onPhotoChosen(file));
      setState({ busy: false, error: null });
    } catch (error) {
      onAnswer(undefined);
      setState({ busy: false, error: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className="qf-photo">
      {/* The input lies inside its button-like label, so the focus ring drawn on the label follows it. */}
      <label className="qf-button" htmlFor={id}>
        <span id={`${id}-choose`}>{texts.choosePhoto}</span>
        <input
          id={id}
          className="qf-file"
          type="file"
          accept="image/*"
          onChange={(e) => void choose(e.target.files?.[0])}
          {...ariaOf(props)}
          aria-labelledby={`${props.labelledBy} ${id}-choose`}
        />
      </label>
      <div aria-live="polite">
        {state.busy && <p className="qf-hint">{texts.photoUploading}</p>}
        {state.error && <p className="qf-problem">{state.error}</p>}
      </div>
      {preview ? (
        <img className="qf-photo-preview" src={preview} alt={texts.photoPreview} />
      ) : (
        typeof value === 'string' && value !== '' && <p className="qf-hint">{texts.photoChosen}</p>
      )}
    </div>
  );
}
