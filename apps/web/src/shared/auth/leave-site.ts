/** A full page load of another site (a provider's logout); its own module so tests can watch it. */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
