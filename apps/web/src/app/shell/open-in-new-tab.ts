/**
 * Opens an address that is only known after a server call in a new tab. The tab is opened first, while the
 * click still counts as a user gesture (popup blockers refuse a window.open after an await), and cut off
 * from this page before it loads anything. Returns the tab, or null when the browser refused it.
 */
export async function openInNewTab(resolveUrl: () => Promise<string>): Promise<Window | null> {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = await resolveUrl();
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    return tab;
  } catch (e) {
    tab?.close();
    throw e;
  }
}
