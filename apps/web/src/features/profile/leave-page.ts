// Full-page navigations out of the app (Stripe Checkout, the billing portal, the export download): one
// seam, so the component tests can see where the page would go without leaving the test DOM.

export function leavePage(url: string): void {
  window.location.assign(url);
}
