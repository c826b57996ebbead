import { BRAND_NAME } from '@shared/brand';

/** The product's mark and its name, from the one brand constant (white-label deployments set BRAND_NAME). */
export function Logo() {
  return (
    <>
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#05283b" />
        <circle cx="16" cy="14" r="6" fill="none" stroke="#5eead4" strokeWidth="3" />
        <path d="M16 20v6" stroke="#5eead4" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span>{BRAND_NAME}</span>
    </>
  );
}
