import { lazy as reactLazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React's lazy() for the router's pages, bringing the whole app's stylesheet with the page's code: the first one,
 * index.css, only holds what /login and the shell draw (docs/decisions/0029). Vite loads app.css before the page's
 * module resolves, so a page never paints unstyled; once loaded, later pages find it in place.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own signature: any page's props
export function lazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return reactLazy(() => Promise.all([load(), import('./app-styles.ts')]).then(([page]) => page));
}
