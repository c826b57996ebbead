import { lazy, Suspense, type ComponentProps } from 'react';
import type * as Shapes from './chart-shapes';

// The chart library is most of the admin area's JavaScript (about 120 KB gzip): the figures and
// tables of a tab show first and the drawings follow, so /admin is not blocked while it loads
// (issue 25: total blocking time). Each shape fills the sized box ChartCard gives it, so nothing moves.
const load = () => import('./chart-shapes');
const LazyBar = lazy(() => load().then((module) => ({ default: module.BarShape })));
const LazyLine = lazy(() => load().then((module) => ({ default: module.LineShape })));
const LazyPie = lazy(() => load().then((module) => ({ default: module.PieShape })));

export function BarShape(props: ComponentProps<typeof Shapes.BarShape>) {
  return (
    <Suspense fallback={null}>
      <LazyBar {...props} />
    </Suspense>
  );
}

export function LineShape(props: ComponentProps<typeof Shapes.LineShape>) {
  return (
    <Suspense fallback={null}>
      <LazyLine {...props} />
    </Suspense>
  );
}

export function PieShape(props: ComponentProps<typeof Shapes.PieShape>) {
  return (
    <Suspense fallback={null}>
      <LazyPie {...props} />
    </Suspense>
  );
}
