/** The seed's utility: forget everything this origin stored in the browser (used by logout). */
export const clearAllStorage = (): void => {
  sessionStorage.clear();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    // A cookie is only removed with the path it was set on, so expire it on `/` and the current path.
    document.cookie = `${expired}; path=/`;
    document.cookie = `${expired}; path=${window.location.pathname}`;
    document.cookie = expired;
  }
};
