import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { FullPageLoading } from '../shell/full-page-loading';

/** A lazy page with the spec's "Loading..." fallback. */
export function Page({ component: Component }: { component: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<FullPageLoading />}>
      <Component />
    </Suspense>
  );
}
