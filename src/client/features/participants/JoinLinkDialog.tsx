// Join Link (issue 19): the link a participant opens to join the study in the app, on the organization's host
// the researcher is on, with Copy, its QR code and Print (joinLink.css prints the code, the study's name and
// the link, nothing else). The QR library is loaded only when the dialog opens, so the portal's first load does
// not carry it.
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { joinLink } from '../../../shared/joinLink';
import { joinLinkTexts } from '../../../shared/messages';
import type { Study } from '../../../shared/types/study';
import './joinLink.css';

type Copy = 'idle' | 'copied' | 'selected';
type Drawing = { state: 'drawing' } | { state: 'drawn'; svg: string } | { state: 'failed' };

/** The QR code of `text` as SVG markup, drawn by the qrcode library (loaded on first use). */
async function qrSvg(text: string): Promise<string> {
  const qrcode = await import(/* webpackChunkName: "qrcode" */ 'qrcode');
  // Medium error correction: still read from a creased or smudged print, with modules large enough for a phone.
  return qrcode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}

/** Selects the element's text, so that the researcher can copy it themselves. */
function selectText(element: HTMLElement): void {
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

export function JoinLinkDialog({ study, onClose }: { study: Study; onClose: () => void }) {
  const link = joinLink(window.location.origin, study.study_code);
  const [drawing, setDrawing] = useState<Drawing>({ state: 'drawing' });
  const [copy, setCopy] = useState<Copy>('idle');
  const linkRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let live = true;
    qrSvg(link).then(
      (svg) => live && setDrawing({ state: 'drawn', svg }),
      () => live && setDrawing({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [link]);

  const onCopy = async () => {
    try {
      // Missing outside a secure context (plain http on another host than localhost); refused without permission.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      if (linkRef.current) selectText(linkRef.current);
      setCopy('selected');
    }
  };

  const name = study.chin_name.trim();
  return (
    <Modal show onHide={onClose} aria-labelledby="join-link-title" dialogClassName="join-link-dialog">
      <Modal.Header closeButton className="join-link-no-print">
        <Modal.Title id="join-link-title" as="h2" className="h5">
          {joinLinkTexts.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="join-link-body">
        <p className="join-link-no-print">{joinLinkTexts.explain}</p>
        {study.active_status !== 'active' && (
          <Alert variant="warning" className="join-link-no-print">
            {joinLinkTexts.inactive}
          </Alert>
        )}
        <p className="join-link-study fw-semibold mb-2">
          {name ? `${name} ` : ''}
          <span className="font-monospace fw-normal">({study.study_code})</span>
        </p>
        <div className="join-link-qr mb-3">
          {drawing.state === 'drawn' ? (
            // The library's own SVG: made here from the link, holding no text of anyone's.
            <div role="img" aria-label={joinLinkTexts.qrAlt(study.study_code)} className="join-link-qr-image" dangerouslySetInnerHTML={{ __html: drawing.svg }} />
          ) : drawing.state === 'failed' ? (
            <Alert variant="danger" role="alert">
              {joinLinkTexts.qrFailed}
            </Alert>
          ) : (
            <div className="join-link-qr-image" aria-hidden="true" />
          )}
        </div>
        <p className="mb-1 small text-body-secondary join-link-no-print">
          {joinLinkTexts.linkLabel}
        </p>
        <p ref={linkRef} className="join-link-url font-monospace text-break mb-2">
          {link}
        </p>
        <p className="small mb-0 join-link-no-print" aria-live="polite">
          {copy === 'copied' ? joinLinkTexts.copied : copy === 'selected' ? joinLinkTexts.copyBySelf : ''}
        </p>
      </Modal.Body>
      <Modal.Footer className="join-link-no-print">
        <Button onClick={() => void onCopy()}>{joinLinkTexts.copy}</Button>
        <Button variant="outline-primary" onClick={() => window.print()} disabled={drawing.state !== 'drawn'}>
          {joinLinkTexts.print}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {joinLinkTexts.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
