/** Escapes text for HTML mail bodies: user-supplied values never become markup. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface MailContent {
  subject: string;
  /** Paragraphs of plain text; a paragraph may contain a link given separately. */
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

/** Renders one mail as plain text and as simple, inline-styled HTML in the portal's colours. */
export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    '--',
    content.footer,
  ].join('\n\n');
  const paragraphs = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
    .join('');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#6d4c41;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(content.action.label)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#3e2723;background:#f5efe6;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;padding:24px;border-top:6px solid #6d4c41"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.subject)}</h1>${paragraphs}${action}<hr style="border:none;border-top:1px solid #eee"><p style="font-size:12px;color:#666">${escapeHtml(content.footer)}</p></div></body></html>`;
  return { subject: content.subject, text, html };
}
