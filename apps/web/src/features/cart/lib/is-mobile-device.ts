/**
 * Spec 2.7 / 5: downloads are disabled on mobile devices. The device matters, not the window width
 * (a narrow desktop window downloads fine), so this reads the browser's own answer where it gives
 * one (User-Agent Client Hints) and the user agent otherwise.
 */
interface NavigatorWithHints extends Navigator {
  userAgentData?: { mobile?: boolean };
}

export function isMobileDevice(nav: NavigatorWithHints = navigator): boolean {
  if (typeof nav.userAgentData?.mobile === 'boolean') return nav.userAgentData.mobile;
  return /Mobi|Android|iPhone|iPad|iPod|Windows Phone/i.test(nav.userAgent);
}
