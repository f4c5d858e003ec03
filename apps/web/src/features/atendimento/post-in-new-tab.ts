/**
 * Submits fields to another site in a new tab with a throw-away hidden form. The fields travel in the
 * POST body, so credentials never land in a URL, the browser history or a server's access log.
 */
export function postInNewTab(action: string, fields: Readonly<Record<string, string>>, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = action;
  form.target = '_blank';
  form.setAttribute('rel', 'noopener noreferrer');
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
}
