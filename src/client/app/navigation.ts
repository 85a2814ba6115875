// A small bridge so code outside React (the 401 middleware, the QA loader) can read the current location and
// navigate through the router. NavigationBridge registers the router's functions; tests can register fakes.
export interface Navigation {
  navigate(to: string): void;
  /** The current path with its query string, e.g. /lm/get_users?x=1 */
  currentPath(): string;
}

const browserNavigation: Navigation = {
  navigate: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname + window.location.search,
};

let active: Navigation = browserNavigation;

export const navigation: Navigation & { use(next: Navigation | null): void } = {
  navigate: (to) => active.navigate(to),
  currentPath: () => active.currentPath(),
  use: (next) => {
    active = next ?? browserNavigation;
  },
};
