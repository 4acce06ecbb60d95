/**
 * A bridge so code outside React (the request client, logout) can navigate through the data router
 * instead of reloading the page. The router registers itself once it exists.
 */
export type Navigator = (to: string, options?: { replace?: boolean }) => Promise<void> | void;

let navigator: Navigator | null = null;

export const setNavigator = (next: Navigator | null): void => {
  navigator = next;
};

export const navigate: Navigator = (to, options) => {
  if (navigator) return navigator(to, options);
  // Before the router exists (or in a bare script) a full load still gets the user there.
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export const currentPath = (): string => window.location.pathname;
