/** Leaves the app for the provider's hosted page (a separate module so tests can replace it). */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
