// Text put into the HTML the server writes itself (the prompt email, the unsubscribe page): names researchers
// typed must read as text, never as markup.
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
