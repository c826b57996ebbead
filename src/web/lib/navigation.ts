import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate as useRouterNavigate, type NavigateFunction, type NavigateOptions, type To } from 'react-router';

/**
 * react-router's `navigate`, as one function for the component's whole life.
 *
 * The app uses the declarative `<BrowserRouter>` (decision 0108), whose `useNavigate` returns a new
 * function after every location change. Effects that list `navigate` in their dependencies would then
 * run again on each navigation (a payment return re-checked, a redirect toast shown twice). This
 * wrapper keeps the data router's stable identity and always calls the current navigate.
 * The lint rule `no-restricted-imports` sends every `useNavigate` import here.
 */
export function useNavigate(): NavigateFunction {
  const navigate = useRouterNavigate();
  const current = useRef(navigate);
  useLayoutEffect(() => {
    current.current = navigate;
  });
  const [stable] = useState(
    () =>
      ((to: To | number, options?: NavigateOptions) =>
        typeof to === 'number' ? current.current(to) : current.current(to, options)) as NavigateFunction,
  );
  return stable;
}
