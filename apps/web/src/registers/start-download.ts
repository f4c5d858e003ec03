/**
 * Lets the browser fetch a file the server offered (/download/<token>): an anchor with `download`, so the
 * answer's Content-Disposition names the file and the page stays where it is.
 */
export function startDownload(path: string): void {
  const a = document.createElement('a');
  a.href = path;
  a.download = '';
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
