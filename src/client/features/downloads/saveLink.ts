// Hands a signed link to the browser to save under a name. The server also names the file in its answer
// (Content-Disposition), which is what counts for a link to another origin (S3), where `download` is ignored.
export function saveLink(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.click();
}
