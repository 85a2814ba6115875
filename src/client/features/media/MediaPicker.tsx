// The media file picker (part 2 section 2.6): the lab's uploaded files, searchable by keyword and filtered by
// type. Choosing a file calls onPick(file); the caller closes the picker (usually in onPick).
import { useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { listDate } from '../../../shared/limits';
import { MEDIA_TYPES, type MediaType } from '../../../shared/media';
import { mediaMessages } from '../../../shared/messages';
import type { MediaFile } from '../../../shared/types/media';
import { mediaNames } from './names';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { TYPE_LABELS } from './format';
import { pickerCleared, selectMediaRequests, selectPickerFiles, selectPickerLabHasFiles, searchPickerFiles } from './mediaSlice';
import './media.css';

/** Typing waits this long after the last key before searching. */
export const PICKER_SEARCH_DELAY_MS = 300;

export interface MediaPickerProps {
  show: boolean;
  onHide: () => void;
  onPick: (file: MediaFile) => void;
  /** The type filter the picker opens with; '' (the default) lists every type. */
  type?: MediaType | '';
  title?: string;
}

function PickerBody({ initialType, onPick }: { initialType: MediaType | ''; onPick: (file: MediaFile) => void }) {
  const dispatch = useAppDispatch();
  const files = useAppSelector(selectPickerFiles);
  const labHasFiles = useAppSelector(selectPickerLabHasFiles);
  const request = useAppSelector(selectMediaRequests).picker;
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<MediaType | ''>(initialType);
  const firstSearch = useRef(true);
  const ids = useId();

  useEffect(() => {
    // The first search runs at once (on an empty list); later ones wait for typing to pause.
    const delay = firstSearch.current ? 0 : PICKER_SEARCH_DELAY_MS;
    if (firstSearch.current) dispatch(pickerCleared());
    firstSearch.current = false;
    const timer = setTimeout(() => void dispatch(searchPickerFiles({ keyword: keyword.trim(), type })), delay);
    return () => clearTimeout(timer);
  }, [dispatch, keyword, type]);

  const loading = request.status === 'request' || request.status === 'reset';

  return (
    <>
      <Form
        className="row g-2 mb-3"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void dispatch(searchPickerFiles({ keyword: keyword.trim(), type }));
        }}
      >
        <Form.Group className="col-sm-8" controlId={`${ids}-keyword`}>
          <Form.Label>Keyword</Form.Label>
          <Form.Control type="search" value={keyword} onChange={(event) => setKeyword(event.target.value)} autoComplete="off" />
        </Form.Group>
        <Form.Group className="col-sm-4" controlId={`${ids}-type`}>
          <Form.Label>Type</Form.Label>
          <Form.Select value={type} onChange={(event) => setType(event.target.value as MediaType | '')}>
            <option value="">All types</option>
            {MEDIA_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Form>
      {request.status === 'fail' && request.message && <Alert variant="danger">{request.message}</Alert>}
      <p className="visually-hidden" aria-live="polite">
        {loading ? '' : `${files.length} ${files.length === 1 ? 'file' : 'files'} found`}
      </p>
      {loading && files.length === 0 ? (
        <Loading />
      ) : files.length === 0 ? (
        request.status !== 'fail' && <EmptyState message={labHasFiles === false ? mediaMessages.pickerEmpty : mediaMessages.pickerNoMatch} />
      ) : (
        <ul className="list-group media-picker-list" aria-label={mediaNames.list}>
          {files.map((file) => (
            <li key={file._id} className="list-group-item list-group-item-action p-0">
              <button type="button" className="btn w-100 text-start d-flex align-items-center gap-3 px-3 py-2 border-0" onClick={() => onPick(file)}>
                {file.type === 'image' ? (
                  <img src={file.url} alt="" width={48} height={48} className="object-fit-cover rounded flex-shrink-0" loading="lazy" />
                ) : (
                  <span className="media-picker-icon flex-shrink-0 text-center" aria-hidden="true">
                    {file.type === 'video' ? '🎬' : '🎵'}
                  </span>
                )}
                <span className="flex-grow-1 text-break">{file.name}</span>
                <Badge bg="secondary">{TYPE_LABELS[file.type]}</Badge>
                <span className="small text-body-secondary">{listDate(file.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function MediaPicker({ show, onHide, onPick, type = '', title = mediaNames.pickerTitle }: MediaPickerProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onHide} size="lg" scrollable aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{show && <PickerBody initialType={type} onPick={onPick} />}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Cancel
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
