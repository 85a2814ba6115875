// Reads a mail as the SMTP server received it (support/smtp.ts): its headers unfolded and decoded (RFC 2047
// encoded words), and its text and HTML parts decoded (quoted-printable or base64), as a mail client shows them.

export interface ReadMail {
  headers: Map<string, string>;
  text: string;
  html: string;
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_whole, _charset: string, kind: string, data: string) => {
    if (kind.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
    const bytes = data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  });
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

export function readMail(raw: string): ReadMail {
  const { headers, body } = splitHead(raw);
  const read: ReadMail = { headers, text: '', html: '' };
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const inner = splitHead(boundary ? part.replace(/^\r\n/, '') : part);
    const type = inner.headers.get('content-type') ?? 'text/plain';
    const content = decodeBody(inner.body.replace(/\r\n$/, ''), inner.headers.get('content-transfer-encoding'));
    if (type.startsWith('text/html')) read.html = content;
    else if (type.startsWith('text/plain')) read.text = content;
  }
  return read;
}
