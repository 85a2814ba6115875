// The Content-Disposition that makes a browser save a download under its name: a plain ASCII fallback and
// the exact name in RFC 5987's encoding (participant codes are ASCII; questionnaire codes may not be).
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
