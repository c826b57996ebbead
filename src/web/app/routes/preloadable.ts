import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PageModule = { default: ComponentType };

/**
 * A lazy page whose code can be started before React asks for it (src/web/app/route-warmup.ts).
 * `load` starts the import once and keeps it; once the code has arrived, the lazy component hands it
 * to React at once, so the first render does not suspend and show "Loading..." for code that is
 * already here (a plain `lazy(() => import(...))` always suspends once). `load` does not keep a
 * failed import, so a later call tries again; the lazy component, like any `React.lazy`, keeps the
 * failure it rendered until the page reloads (the error fallback says so).
 */
export function preloadable<M extends PageModule>(
  importer: () => Promise<M>,
): {
  load: () => Promise<M>;
  Component: LazyExoticComponent<ComponentType>;
} {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // React's lazy calls `then` on what the factory returns; a thenable that answers synchronously
  // resolves the lazy component before React would suspend.
  const settled = (module: M) =>
    ({ then: (resolve: (value: M) => void) => resolve(module) }) as unknown as Promise<M>;
  const Component = lazy(() => (loaded ? settled(loaded) : load()));
  return { load, Component };
}
